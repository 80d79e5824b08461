/**
 * Reads a request body as JSON without trusting its size: Content-Length is checked first, and a
 * chunked body is counted while it streams, so an endless or huge upload costs at most `maxBytes`.
 */

export type JsonBody =
  | { ok: true; value: unknown }
  | { ok: false; status: 400 | 413; error: string };

export async function readJsonBody(request: Request, maxBytes: number): Promise<JsonBody> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) return tooLarge(maxBytes);
  const text = await readText(request, maxBytes);
  if (text === null) return tooLarge(maxBytes);
  if (text.trim() === "") return { ok: false, status: 400, error: "Request body is empty: send a JSON object such as {\"url\":\"example.com\"}." };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, status: 400, error: "Request body is not valid JSON." };
  }
}

/** The body as text, counted while it streams, so a chunked upload without Content-Length costs at most `maxBytes`; null past it. */
export async function readText(request: Request, maxBytes: number): Promise<string | null> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      return null;
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

function tooLarge(maxBytes: number): JsonBody {
  return { ok: false, status: 413, error: `Request body is larger than ${maxBytes} bytes.` };
}
