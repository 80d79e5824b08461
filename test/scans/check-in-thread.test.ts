import { describe, expect, test } from "bun:test";
import { checkInThread, MAX_WAITING_CHECKS } from "../../src/scans/check-in-thread.ts";

const PRODUCT = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Tide floor lamp" });
const silent = new URL("./fixtures/silent-check-thread.ts", import.meta.url);

describe("checks of pasted markup in a thread", () => {
  test("the real check thread analyses the paste and answers with the result", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000 });
    const outcome = await check({ text: PRODUCT });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.check.kind).toBe("jsonld");
    expect(outcome.check.result.items.map((item) => item.type)).toEqual(["Product"]);
  }, 30_000);

  test("checks run one at a time, in order", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000 });
    const outcomes = await Promise.all([check({ text: PRODUCT }), check({ text: "<p>no markup</p>" })]);
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.check.kind : outcome.error))).toEqual(["jsonld", "html"]);
  }, 30_000);

  test("a thread past the deadline is ended and the check says so", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 300, entry: silent });
    const outcome = await check({ text: PRODUCT });
    expect(outcome).toEqual({ ok: false, error: "The check took longer than 0.3 seconds and was stopped." });
  });

  test("past the waiting line, a check is refused at once as busy", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 200, entry: silent });
    const running = check({ text: PRODUCT });
    // Let the first check start, so that it no longer waits.
    await Bun.sleep(20);
    const waiting = Array.from({ length: MAX_WAITING_CHECKS }, () => check({ text: PRODUCT }));
    const refused = await check({ text: PRODUCT });
    expect(refused).toMatchObject({ ok: false, busy: true });
    // The ones in line were taken, and ended at the deadline in turn.
    for (const outcome of await Promise.all([running, ...waiting])) expect(outcome).toEqual({ ok: false, error: "The check took longer than 0.2 seconds and was stopped." });
  }, 30_000);
});
