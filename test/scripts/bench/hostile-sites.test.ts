import { describe, expect, test } from "bun:test";
import { brotliDecompressSync } from "node:zlib";
import { hostileHandler } from "../../../scripts/bench/hostile-sites.ts";
import { brotliBomb } from "../../helpers/hostile-fixtures.ts";

const MIB = 1024 * 1024;

describe("the benchmark's hostile pages", () => {
  test("the deep page nests exactly 200,000 divs, in about 2 MB", async () => {
    const page = await (await hostileHandler("deep-nesting")(new Request("http://deep.test/"))).text();
    expect(page.match(/<div>/g)?.length).toBe(200_000);
    expect(page.match(/<\/div>/g)?.length).toBe(200_000);
    expect(page).toContain(`${"<div>".repeat(3)}bottom</div>`);
    expect(page.length).toBeLessThan(3 * MIB);
  });

  test("a brotli bomb is a few hundred bytes on the wire that inflate to the asked size of zeros", async () => {
    const response = await (brotliBomb(16 * MIB) as (request: Request) => Promise<Response>)(new Request("http://bomb.test/robots.txt"));
    expect(response.headers.get("content-encoding")).toBe("br");
    const wire = new Uint8Array(await response.arrayBuffer());
    expect(wire.length).toBeLessThan(4096);
    expect(brotliDecompressSync(wire).equals(Buffer.alloc(16 * MIB))).toBe(true);
  });

  test("the slow drip sends its first bytes and then does not end", async () => {
    const response = await hostileHandler("slow-drip")(new Request("http://drip.test/"));
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toStartWith("<html>");
    const next = await reader.read();
    expect(next.done).toBe(false);
    await reader.cancel();
  });
});
