/**
 * Handlers for sites that attack the scanner rather than the other way round: pages that are cheap to
 * send and expensive to hold or parse, and bodies that arrive too slowly to ever finish. Each produces
 * its body as the client reads it, so the fixture server itself stays small.
 */
import { brotliCompressSync, constants as zlib } from "node:zlib";
import type { FixtureHandler } from "./fixture-server.ts";

/** A homepage of `depth` nested <div>s: small on the wire, a deep tree for any parser. */
export function deepNestingPage(depth: number): FixtureHandler {
  const html = `<!doctype html><html><head><title>deep</title></head><body>${"<div>".repeat(depth)}bottom${"</div>".repeat(depth)}</body></html>`;
  return () => new Response(html, { headers: { "content-type": "text/html" } });
}

/** A homepage with `count` empty elements, each with a few attributes: millions of nodes and attributes. */
export function manyNodesPage(count: number): FixtureHandler {
  const unit = '<i a="1" b="2" c="3" d="4"></i>';
  return () => {
    const encoder = new TextEncoder();
    let left = count;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode("<!doctype html><html><head><title>wide</title></head><body>"));
      },
      pull(controller) {
        if (left <= 0) {
          controller.enqueue(encoder.encode("</body></html>"));
          return controller.close();
        }
        const batch = Math.min(left, 2000);
        controller.enqueue(encoder.encode(unit.repeat(batch)));
        left -= batch;
      },
    });
    return new Response(body, { headers: { "content-type": "text/html" } });
  };
}

/**
 * A brotli body that decodes to `decompressedBytes` of zeros. Brotli's ratio is unbounded (256 MiB of
 * zeros compress to a few hundred bytes), so the whole bomb is compressed once, here.
 */
export function brotliBomb(decompressedBytes: number): FixtureHandler {
  const compressed = brotliCompressSync(new Uint8Array(decompressedBytes), {
    params: { [zlib.BROTLI_PARAM_QUALITY]: 5, [zlib.BROTLI_PARAM_SIZE_HINT]: decompressedBytes },
  });
  return () => new Response(compressed.slice(), { headers: { "content-type": "text/html", "content-encoding": "br" } });
}

/** A body that never ends and sends one byte every `intervalMs`, so no idle timeout ever fires. */
export function slowDripBody(intervalMs: number): FixtureHandler {
  return () => {
    const byte = new TextEncoder().encode("a");
    let timer: ReturnType<typeof setInterval> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode("<html><body>"));
        timer = setInterval(() => {
          try {
            controller.enqueue(byte.slice());
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

/** A response whose headers run to about `bytes`: many long headers, then a small page. */
export function hugeHeaders(bytes: number): FixtureHandler {
  return () => {
    const headers = new Headers({ "content-type": "text/html" });
    const value = "v".repeat(4000);
    for (let index = 0; index * 4000 < bytes; index++) headers.append(`x-filler-${index}`, value);
    return new Response("<html><head><title>headers</title></head><body>ok</body></html>", { headers });
  };
}
