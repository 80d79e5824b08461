/**
 * llms.txt's links, fetched over loopback TLS through the real SafeFetcher: a dead link breaks the
 * links-resolve rule, a redirected one is listed with where it ends, and the llms-txt weight is 5.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { PILLARS } from "../../../src/analyzers/visibility/scoring/pillars.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { wellPreparedSite } from "../../fixtures/sites/well-prepared.ts";
import { type FixtureSite, redirect, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";

const DOMAIN = "links.secure.test";
const LLMS = `# ${DOMAIN}\n\n> Garden tools for small farms.\n\n## Docs\n\n- [About](https://${DOMAIN}/about): who we are\n- [Gone](https://${DOMAIN}/gone): a page that was removed\n- [Moved](https://${DOMAIN}/old-guide): a page that moved\n\n## Optional\n\n- [Also gone](https://${DOMAIN}/optional-gone): readers may skip it\n`;

let site: FixtureSite;
let record: VisibilityRecord;
let artifacts: Artifacts;

beforeAll(async () => {
  site = await startFixtureSite(
    {
      ...wellPreparedSite(DOMAIN),
      "/llms.txt": () => new Response(LLMS, { headers: { "content-type": "text/markdown; charset=utf-8" } }),
      "/gone": () => new Response("not here", { status: 404 }),
      "/old-guide": redirect("/guide", 301),
      "/guide": () => new Response("<!DOCTYPE html><title>Guide</title><p>The guide.</p>", { headers: { "content-type": "text/html" } }),
    },
    { tls: true },
  );
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(DOMAIN)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "sightline-test", extraCaPem: testCaPem() });
  const result = await visibilityAnalyzer.scan({
    domain: DOMAIN,
    fetcher,
    signal: AbortSignal.timeout(20_000),
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2026-11-28T00:00:00Z"),
  });
  record = result.record;
  artifacts = result.artifacts as Artifacts;
}, 40_000);

afterAll(() => site?.stop());

const signal = (id: string) => record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === id)!;

describe("llms.txt links", () => {
  test("every link the file relies on is fetched once, the Optional one is not", () => {
    expect(artifacts.llmsLinks).toEqual([
      { url: `https://${DOMAIN}/about`, ok: true, status: 200 },
      { url: `https://${DOMAIN}/gone`, ok: true, status: 404 },
      { url: `https://${DOMAIN}/old-guide`, ok: true, status: 200, redirectedTo: `https://${DOMAIN}/guide` },
    ]);
    expect(site.requests.filter((request) => request.path === "/optional-gone")).toHaveLength(0);
  });

  test("the dead link breaks links-resolve, and the redirected one is listed with where it ends", () => {
    const llms = signal("llms-txt");
    expect(llms.status).toBe("warn");
    expect(llms.detail).toContain(`Rule links-resolve`);
    expect(llms.detail).toContain(`https://${DOMAIN}/gone answers HTTP 404`);
    expect(llms.detail).toContain(`One link redirects; link to where it ends: https://${DOMAIN}/old-guide → https://${DOMAIN}/guide.`);
  });

  test("llms-txt weighs 5 of the discover pillar, and the pillar still sums to 100", () => {
    const discover = PILLARS.find((pillar) => pillar.id === "discover")!;
    expect(discover.audits["llms-txt"]).toBe(5);
    expect(Object.values(discover.audits).reduce<number>((sum, weight) => sum + weight, 0)).toBe(100);
  });
});
