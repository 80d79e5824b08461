import { afterAll, beforeAll, expect, test } from "bun:test";
import { visibilityAnalyzer } from "../../../../src/analyzers/visibility/index.ts";
import type { VisibilityRecord } from "../../../../src/analyzers/visibility/record-schema.ts";
import { parseConnectTo } from "../../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../../../helpers/fixture-server.ts";
import { templateSite } from "../../../helpers/template-site.ts";

/**
 * AIPREF `Content-Usage` sent as a header by the pages behind the homepage (issue 27, read through the
 * site-wide crawl of issue 29): the guides say `train-ai=n` while robots.txt lets the training crawlers in,
 * and the scan names the contradiction with the pages that declare it.
 */
const HOST = "usage.secure.test";
let site: FixtureSite;
let record: VisibilityRecord;

beforeAll(async () => {
  const built = templateSite({ host: HOST, scale: 0.2 });
  site = await startFixtureSite(async (request) => {
    const response = built.handler(request);
    if (!new URL(request.url).pathname.startsWith("/guides/")) return response;
    const headers = new Headers(response.headers);
    headers.set("content-usage", "train-ai=n");
    return new Response(await response.text(), { status: response.status, headers });
  }, { tls: true });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(HOST)]), timeoutMs: 5_000, maxBytes: 2 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline/test)", extraCaPem: testCaPem() });
  const output = await visibilityAnalyzer.scan({ domain: HOST, pages: 30, fetcher, signal: AbortSignal.timeout(60_000), offsite: undefined as never, now: () => new Date("2026-11-28T12:00:00Z") });
  record = output.record;
}, 90_000);

afterAll(async () => {
  await site?.stop();
});

test("a page's Content-Usage header that robots.txt contradicts is named with the pages that send it", () => {
  const signal = record.result!.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === "ai-usage-signals")!;
  expect(signal.status).toBe("warn");
  expect(signal.detail).toContain("`Content-Usage: train-ai=n`");
  expect(signal.detail).toContain(`https://${HOST}/guides/`);
});
