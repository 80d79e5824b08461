/**
 * llms.txt as real servers get it wrong, scanned in this process through the real SafeFetcher over
 * loopback TLS: a Markdown llms.txt (and llms-full.txt) mislabelled text/html, and a single-page app whose
 * fallback route answers /llms.txt with its HTML shell while the real file lives at /.well-known/llms.txt.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { wellPreparedSite } from "../../fixtures/sites/well-prepared.ts";
import { type FixtureHandler, type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";

const MISLABELLED = "mislabelled.secure.test";
const SPA = "spa.secure.test";

const asHtml = (body: string): FixtureHandler => () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
const markdown = (name: string) => `# ${name}\n\n> ${name} helps teams publish clear documentation.\n\n## Docs\n\n- [About](https://${name}/about): who we are\n\n## Optional\n\n- [Privacy](https://${name}/privacy): how we handle data\n`;
const APP_SHELL = '<!DOCTYPE html>\n<html lang="en"><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>';

interface Scanned {
  site: FixtureSite;
  record: VisibilityRecord;
  artifacts: Artifacts;
}

async function scan(domain: string, routes: Record<string, FixtureHandler>): Promise<Scanned> {
  const site = await startFixtureSite(routes, { tls: true });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(domain)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)", extraCaPem: testCaPem() });
  const result = await visibilityAnalyzer.scan({
    domain,
    fetcher,
    signal: AbortSignal.timeout(20_000),
    offsite: { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" },
    now: () => new Date("2026-11-15T00:00:00Z"),
  });
  return { site, record: result.record, artifacts: result.artifacts as Artifacts };
}

const signal = (record: VisibilityRecord, id: string) => record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === id)!;

let mislabelled: Scanned;
let spa: Scanned;

beforeAll(async () => {
  [mislabelled, spa] = await Promise.all([
    scan(MISLABELLED, {
      ...wellPreparedSite(MISLABELLED),
      "/llms.txt": asHtml(markdown(MISLABELLED)),
      "/llms-full.txt": asHtml(`# ${MISLABELLED}\n\nEverything in one file.\n`),
    }),
    scan(SPA, { ...wellPreparedSite(SPA), "/llms.txt": asHtml(APP_SHELL), "/.well-known/llms.txt": markdown(SPA) }),
  ]);
}, 40_000);

afterAll(async () => {
  await Promise.all([mislabelled?.site.stop(), spa?.site.stop()]);
});

describe("a Markdown llms.txt served as text/html", () => {
  test("the gatherer keeps the header and the body as sent", () => {
    expect(mislabelled.artifacts.llmsTxt![0]).toMatchObject({ ok: true, status: 200, contentType: "text/html; charset=utf-8", text: markdown(MISLABELLED) });
  });

  test("is found and judged, with a Content-Type warning instead of 'missing'", () => {
    const llms = signal(mislabelled.record, "llms-txt");
    expect(llms.status).toBe("warn");
    expect(llms.score).toBeCloseTo(5 / 6, 2);
    expect(llms.detail).toContain(`https://${MISLABELLED}/llms.txt breaks 1 of the 6 llms.txt rules checked. Rule text-content-type`);
    expect(llms.detail).toContain("served with `Content-Type: text/html; charset=utf-8`");
    expect(llms.detail).not.toContain("There is no llms.txt");
  });

  test("its required links are checked, the Optional one is not", () => {
    expect(mislabelled.artifacts.llmsLinks).toEqual([{ url: `https://${MISLABELLED}/about`, ok: true, status: 200 }]);
  });

  test("llms-full.txt gets the same Content-Type warning", () => {
    const full = signal(mislabelled.record, "llms-full-txt");
    expect(full.status).toBe("warn");
    expect(full.detail).toContain("exists");
    expect(full.detail).toContain("served with `Content-Type: text/html; charset=utf-8`");
  });
});

describe("an app shell answering /llms.txt, with the real file at /.well-known/llms.txt", () => {
  test("the HTML page is not taken for the llms.txt: the well-known file is judged, and passes", () => {
    const llms = signal(spa.record, "llms-txt");
    expect(llms.status).toBe("pass");
    expect(llms.detail).toStartWith(`https://${SPA}/.well-known/llms.txt follows the llms.txt format`);
  });

  test("the links checked come from the well-known file, not the HTML page", () => {
    expect(spa.artifacts.llmsLinks).toEqual([{ url: `https://${SPA}/about`, ok: true, status: 200 }]);
  });
});
