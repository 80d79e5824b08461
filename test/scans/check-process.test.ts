/**
 * Issue 30, finding 4: a check of pasted markup ran in a Worker of the server, so its parse was the
 * server's memory (a 2 MiB paste: 124 → 295 MB). With SCAN_ISOLATION=process it runs in a child process
 * of its own, held to a cap on its RSS; the server receives only the answer's bytes.
 */
import { describe, expect, test } from "bun:test";
import type { CheckedMarkup } from "../../src/scans/check-api.ts";
import { checkInThread } from "../../src/scans/check-in-thread.ts";

const PRODUCT = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Tide floor lamp" });

/** About `bytes` of JSON-LD: Products with offers. */
function largePaste(bytes: number): string {
  const items: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes - 200; index++) {
    const item = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: `Product ${index}`, description: "A fine product ".repeat(3), offers: { "@type": "Offer", price: "10", priceCurrency: "EUR" } });
    items.push(item);
    size += item.length + 1;
  }
  return `[${items.join(",")}]`;
}

describe("checks of pasted markup in a process", () => {
  test("a check process answers as a thread does", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 60_000, isolation: "process", now: () => Date.UTC(2026, 0, 2) });
    const outcome = await check({ text: PRODUCT });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const body = JSON.parse(new TextDecoder().decode(outcome.body)) as CheckedMarkup;
    expect(body.checkedAt).toBe("2026-01-02T00:00:00.000Z");
    expect(body.result.items.map((item) => item.type)).toEqual(["Product"]);
    expect(check.threads).toMatchObject({ started: 1, live: 1 });
  }, 60_000);

  test("a large paste's answer is bounded like a record, and the parse does not grow this process", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 120_000, isolation: "process" });
    expect((await check({ text: PRODUCT })).ok).toBe(true);
    const paste = largePaste(2 * 1024 * 1024);
    Bun.gc(true);
    const before = process.memoryUsage().rss;
    const outcome = await check({ text: paste });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    const body = JSON.parse(new TextDecoder().decode(outcome.body)) as CheckedMarkup;
    expect(body.result.summary.items).toBe(5000);
    expect(outcome.body.byteLength).toBeLessThan(2.2 * 1024 * 1024);
    // The parse (about 75 MB in the process that runs it) is not here: this process holds the paste and the answer.
    expect(process.memoryUsage().rss - before).toBeLessThan(40 * 1024 * 1024);
  }, 120_000);

  test("a check process past its memory cap is ended and the check answered as too large", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 120_000, isolation: "process", maxRssBytes: 20 * 1024 * 1024 });
    const outcome = await check({ text: largePaste(1024 * 1024) });
    expect(outcome).toEqual({ ok: false, error: "The check needed more than 20 MB of memory and was stopped: paste less markup at a time." });
    // The next check gets a new process.
    const next = checkInThread({ vocabularyFile: undefined, timeoutMs: 60_000, isolation: "process" });
    expect((await next({ text: PRODUCT })).ok).toBe(true);
    expect(check.threads.terminated + check.threads.exited).toBe(1);
  }, 120_000);
});
