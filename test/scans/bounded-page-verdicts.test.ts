/**
 * What a site-wide scan may store beside its record: at most MAX_PAGES_PER_RECORD verdicts of at most
 * MAX_VERDICT_BYTES each, whatever the scanned site makes its URLs, titles and redirect chains; and
 * the columns the pages.json filters read.
 */
import { describe, expect, test } from "bun:test";
import { boundedVerdict, MAX_PAGES_PER_RECORD, MAX_VERDICT_BYTES, storedPageVerdicts } from "../../src/scans/bounded-page-verdicts.ts";
import { pageVerdict, sampleSiteVerdicts } from "../fixtures/page-verdicts.ts";

describe("storedPageVerdicts", () => {
  test("keeps the analyzer's order and the filter columns; a verdict within bounds is stored exactly", () => {
    const verdicts = sampleSiteVerdicts();
    const stored = storedPageVerdicts(verdicts)!;
    expect(stored.map((page) => JSON.parse(page.json))).toEqual(verdicts);
    expect(stored[1]).toMatchObject({ template: "/blog/<slug>", verdict: "issues", status: 200, unreached: ["chatgpt", "claude"] });
    expect(stored[6]).toMatchObject({ verdict: "failed", status: 404, unreached: [] });
    const limited = storedPageVerdicts([{ ...verdicts[0]!, reach: [{ platform: "copilot", status: "limited", cause: "found, not fetched" }, { platform: "claude", status: "unknown", cause: null }] }])!;
    expect(limited[0]!.unreached).toEqual(["copilot"]);
  });

  test("no verdicts store nothing", () => {
    expect(storedPageVerdicts(undefined)).toBeNull();
    expect(storedPageVerdicts([])).toBeNull();
  });

  test("at most MAX_PAGES_PER_RECORD are kept, the first ones", () => {
    const many = Array.from({ length: MAX_PAGES_PER_RECORD + 50 }, (_, index) => pageVerdict(`https://big.test/p/${index}`, "/p/<id>"));
    const stored = storedPageVerdicts(many)!;
    expect(stored).toHaveLength(MAX_PAGES_PER_RECORD);
    expect(JSON.parse(stored.at(-1)!.json).url).toBe(`https://big.test/p/${MAX_PAGES_PER_RECORD - 1}`);
    // 500 typical verdicts stay well under the 4 MiB the bounds promise.
    expect(stored.reduce((sum, page) => sum + page.json.length, 0)).toBeLessThan(MAX_PAGES_PER_RECORD * MAX_VERDICT_BYTES);
  });

  test("a verdict the site made huge is cut to its byte bound, keeping where it is and what is wrong", () => {
    const long = "x".repeat(100_000);
    const huge = pageVerdict(`https://huge.test/${long}`, `/${long}`, {
      verdict: "issues",
      redirects: Array.from({ length: 1000 }, (_, index) => ({ url: `https://huge.test/r/${index}/${long}`, status: 301 })),
      findings: Array.from({ length: 1000 }, (_, index) => ({ id: `finding-${index}-${long}`, severity: "warn" as const, text: long })),
      error: long,
    });
    huge.facts = { ...huge.facts!, title: long, description: long, h1: long, author: long, structuredData: Array.from({ length: 1000 }, () => long) };
    huge.reach = huge.reach.map((reach) => ({ ...reach, status: "blocked", cause: long }));
    const cut = boundedVerdict(huge);
    expect(Buffer.byteLength(JSON.stringify(cut))).toBeLessThanOrEqual(MAX_VERDICT_BYTES);
    expect(cut.url.startsWith("https://huge.test/xxx")).toBe(true);
    expect(cut.verdict).toBe("issues");
    expect(cut.findings.length).toBeGreaterThan(0);
    expect(storedPageVerdicts([huge])![0]!.unreached).toHaveLength(huge.reach.length);
  });
});
