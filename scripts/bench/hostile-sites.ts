/**
 * The hostile pages of the API-under-load benchmark, each served on every path of a loopback site, so
 * that every fetch a scan makes (homepage, robots.txt, llms.txt, sitemap, crawler probes) meets it. They
 * are the same hostile fixtures the isolation tests scan (test/helpers), so the benchmark measures what
 * the tests guard.
 */
import { gzipBomb, hugeBody } from "../../test/helpers/fixture-server.ts";
import { brotliBomb, deepNestingPage, slowDripBody } from "../../test/helpers/hostile-fixtures.ts";

export type HostileKind = "deep-nesting" | "gzip-bomb" | "brotli-bomb" | "huge-body" | "slow-drip";

const MIB = 1024 * 1024;

type Handler = (request: Request) => Response | Promise<Response>;

export function hostileHandler(kind: HostileKind): Handler {
  switch (kind) {
    case "deep-nesting":
      // About 2 MB of HTML, far below FETCH_MAX_BYTES, and a parser's worst case.
      return deepNestingPage(200_000) as Handler;
    case "gzip-bomb":
      return gzipBomb(256 * MIB) as Handler;
    case "brotli-bomb":
      return brotliBomb(256 * MIB) as Handler;
    case "huge-body":
      return hugeBody(64 * MIB) as Handler;
    case "slow-drip":
      return slowDripBody(400) as Handler;
  }
}
