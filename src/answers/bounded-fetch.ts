import { RESPONSE_MAX_BYTES } from "./answer-limits.ts";

/**
 * The fetch handed to every provider SDK: the SDKs read a whole body into memory before parsing it, so
 * a body larger than `maxBytes` (declared or not) fails the call instead of filling memory.
 */
export type FetchFunction = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export class ResponseTooLargeError extends Error {
  override name = "ResponseTooLargeError";
}

export function boundedFetch(maxBytes = RESPONSE_MAX_BYTES, base: FetchFunction = (input, init) => fetch(input, init)): FetchFunction {
  return async (input, init) => {
    const response = await base(input, init);
    const declared = Number(response.headers.get("content-length"));
    const tooLarge = () => new ResponseTooLargeError(`the provider's response is larger than ${maxBytes} bytes`);
    if (Number.isFinite(declared) && declared > maxBytes) {
      await response.body?.cancel().catch(() => undefined);
      throw tooLarge();
    }
    if (!response.body) return response;
    let seen = 0;
    const counted = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          seen += chunk.byteLength;
          if (seen > maxBytes) controller.error(tooLarge());
          else controller.enqueue(chunk);
        },
      }),
    );
    return new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
  };
}
