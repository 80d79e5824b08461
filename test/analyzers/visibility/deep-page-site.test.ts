/**
 * A hostile homepage of 200,000 nested <div>s (test/helpers/hostile-fixtures.ts), scanned in this process
 * through the real SafeFetcher over loopback: its DOM is cut at MAX_DOM_DEPTH, the scan still ends with
 * an ok record, and the signal that judges the page's HTML says where the DOM was cut.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { visibilityAnalyzer } from "../../../src/analyzers/visibility/index.ts";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite } from "../../helpers/fixture-server.ts";
import { deepNestingPage } from "../../helpers/hostile-fixtures.ts";

const DOMAIN = "deep.test";
let site: FixtureSite;
let record: VisibilityRecord;

beforeAll(async () => {
  site = await startFixtureSite({ "/": deepNestingPage(200_000) });
  // HTTPS is refused at once (port 1), so the scan reads the page over HTTP.
  const connectTo = parseConnectTo([site.connectTo(DOMAIN, 80), `${DOMAIN}:443:127.0.0.1:1`]);
  const fetcher = createSafeFetcher({ connectTo, timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)" });
  const offsite = { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" };
  ({ record } = await visibilityAnalyzer.scan({ domain: DOMAIN, fetcher, signal: AbortSignal.timeout(60_000), offsite, now: () => new Date() }));
}, 90_000);

afterAll(async () => {
  await site.stop();
});

function signal(id: string) {
  const found = record.result?.pillars.flatMap((pillar) => pillar.signals).find((entry) => entry.id === id);
  if (!found) throw new Error(`no signal ${id}`);
  return found;
}

describe("a homepage of 200,000 nested <div>s", () => {
  test("the scan ends with an ok record that matches its schema", () => {
    expect(record.status).toBe("ok");
    expect(Value.Check(visibilityAnalyzer.recordSchema, record)).toBe(true);
  });

  test("the raw-HTML signal states that the DOM was cut, and how large the page was", () => {
    expect(signal("raw-html-text").detail).toContain("The page was cut at its first element nested more than 512 deep, after 514 elements (of 200,004): only that part was judged.");
  });

  test("the content verdicts name the page whose DOM was cut", () => {
    expect(signal("word-count").detail).toContain("The page / was cut at its first element nested more than 512 deep, after 514 elements (of 200,004): only that part was judged.");
  });

  test("the crawler probes, each cut at the same point of the 2.2 MB page, see the same page: no crawler is said to get another", () => {
    const probe = signal("crawler-probe");
    expect(probe.status).toBe("pass");
    expect(probe.detail).not.toContain("different page");
  });

  test("no signal failed on the deep DOM", () => {
    const broken = record.result!.pillars.flatMap((pillar) => pillar.signals).filter((entry) => entry.detail.includes("could not be completed"));
    expect(broken.map((entry) => `${entry.id}: ${entry.detail}`)).toEqual([]);
  });
});
