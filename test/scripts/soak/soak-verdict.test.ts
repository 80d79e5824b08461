import { describe, expect, test } from "bun:test";
import { judgeSoak, parseDuration, secondHalfGrowth, type RssSample } from "../../../scripts/soak/soak-verdict.ts";

const MB = 1e6;
/** One sample every 10 s over `seconds`, RSS given by `rssAt` (MB). */
function samples(seconds: number, rssAt: (t: number) => number): RssSample[] {
  return Array.from({ length: seconds / 10 }, (_, index) => ({ atSeconds: (index + 1) * 10, rssBytes: rssAt((index + 1) * 10) * MB }));
}
const clean = { durationSeconds: 600, serverErrors: 0, failedRequests: 0, lostScans: [] };

describe("judgeSoak", () => {
  test("memory that grows fast during warm-up, then levels off, passes", () => {
    const verdict = judgeSoak({ ...clean, rss: samples(600, (t) => (t < 300 ? 80 + t / 5 : 140 + ((t / 10) % 2) * 3)) });
    expect(verdict.ok).toBe(true);
    expect(Math.abs(verdict.secondHalfGrowthBytes!)).toBeLessThan(2 * MB);
  });

  test("memory that keeps rising through the second half fails, with the rise in the reason", () => {
    const verdict = judgeSoak({ ...clean, rss: samples(600, (t) => 80 + t / 20) });
    expect(verdict.ok).toBe(false);
    expect(verdict.secondHalfGrowthBytes! / MB).toBeCloseTo(15, 1);
    expect(verdict.problems).toEqual(["RSS grew by 15.0 MB over the second half of the run (limit 10 MB)"]);
  });

  test("one high sample at the very end does not decide it: the fitted line does", () => {
    const rss = samples(600, () => 150);
    rss[rss.length - 1] = { atSeconds: 600, rssBytes: 165 * MB };
    const verdict = judgeSoak({ ...clean, rss });
    expect(verdict.ok).toBe(true);
    expect(verdict.secondHalfGrowthBytes! / MB).toBeLessThan(10);
  });

  test("a 5xx, a request without a response and a lost scan each fail the run", () => {
    const rss = samples(60, () => 100);
    expect(judgeSoak({ ...clean, durationSeconds: 60, rss, serverErrors: 1 }).problems).toEqual(["1 responses were 5xx"]);
    expect(judgeSoak({ ...clean, durationSeconds: 60, rss, failedRequests: 2 }).problems).toEqual(["2 requests got no response"]);
    expect(judgeSoak({ ...clean, durationSeconds: 60, rss, lostScans: ["a.test"] }).problems).toEqual(["1 scans never got a stored record (a.test)"]);
    expect(judgeSoak({ ...clean, durationSeconds: 60, rss }).ok).toBe(true);
  });

  test("too few samples in the second half measure no growth", () => {
    expect(secondHalfGrowth([{ atSeconds: 10, rssBytes: 1 }, { atSeconds: 20, rssBytes: 100 * MB }], 30)).toBeNull();
  });
});

describe("parseDuration", () => {
  test.each([["600", 600], ["45s", 45], ["10m", 600], ["1.5m", 90]])("%s is %d seconds", (text, seconds) => {
    expect(parseDuration(text)).toBe(seconds);
  });

  test.each([["ten"], ["0"], ["-5"], ["10h"]])("%s is refused", (text) => {
    expect(() => parseDuration(text)).toThrow();
  });
});
