/**
 * The hostile pages of the API-under-load benchmark, each served on every path of a loopback site, so
 * that every fetch a scan makes (homepage, robots.txt, llms.txt, sitemap, crawler probes) meets it.
 * Each holds little memory on the serving side: the bombs are compressed once, the huge and dripping
 * bodies are produced as they are read.
 */
import { constants as zlibConstants, createBrotliCompress } from "node:zlib";
import { gzipBomb, hugeBody } from "../../test/helpers/fixture-server.ts";

export type HostileKind = "deep-nesting" | "gzip-bomb" | "brotli-bomb" | "huge-body" | "slow-drip";

const MIB = 1024 * 1024;

type Handler = (request: Request) => Response | Promise<Response>;

export async function hostileHandler(kind: HostileKind): Promise<Handler> {
  switch (kind) {
    case "deep-nesting":
      return htmlOnce(deepNestingPage(200_000));
    case "gzip-bomb":
      return gzipBomb(256 * MIB) as Handler;
    case "brotli-bomb":
      return await brotliBomb(256 * MIB);
    case "huge-body":
      return hugeBody(64 * MIB) as Handler;
    case "slow-drip":
      return slowDrip(400);
  }
}

/** A homepage of `depth` nested <div>s: about 2 MB of HTML, far below FETCH_MAX_BYTES, and a parser's worst case. */
export function deepNestingPage(depth: number): string {
  return `<!doctype html><html><head><title>Deep</title></head><body>${"<div>".repeat(depth)}bottom${"</div>".repeat(depth)}</body></html>`;
}

function htmlOnce(html: string): Handler {
  return () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } });
}

/** A brotli body that inflates to `bytes` zeros, compressed once and served as is. */
export async function brotliBomb(bytes: number): Promise<Handler> {
  const body = new Uint8Array(await brotliOfZeros(bytes)).buffer;
  return () => new Response(body, { headers: { "content-type": "text/html", "content-encoding": "br" } });
}

/** `bytes` zeros compressed with brotli, fed in 1 MiB pieces so that the zeros are never held at once. */
async function brotliOfZeros(bytes: number): Promise<Buffer> {
  const compressor = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes } });
  const chunks: Buffer[] = [];
  compressor.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<void>((resolve, reject) => {
    compressor.on("end", resolve);
    compressor.on("error", reject);
  });
  const zeros = Buffer.alloc(MIB);
  for (let written = 0; written < bytes; written += MIB) {
    if (!compressor.write(zeros)) await new Promise((resolve) => compressor.once("drain", resolve));
  }
  compressor.end();
  await done;
  return Buffer.concat(chunks);
}

/** An HTML body that never ends, one byte every `intervalMs`: only a deadline ends the fetch. */
function slowDrip(intervalMs: number): Handler {
  return () => {
    let timer: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("<!doctype html><html><body>"));
        timer = setInterval(() => {
          try {
            controller.enqueue(new Uint8Array([0x61]));
          } catch {
            clearInterval(timer);
          }
        }, intervalMs);
      },
      cancel() {
        clearInterval(timer);
      },
    });
    return new Response(body, { headers: { "content-type": "text/html" } });
  };
}
