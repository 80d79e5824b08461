/**
 * The 429 page shows one countdown: the limit in words, then "You can scan again in 46 minutes"
 * (live in the browser from data-countdown-seconds), never the API's static "Try again in 2718
 * seconds." beside it; and waits read with real plurals.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { parseHTML } from "linkedom";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { waitText, withoutRetrySentence } from "../../src/web/wait-text.ts";
import { plural } from "../../src/web/plural.ts";

const TOKEN = "rate-limit-pipeline-token-0123";
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

describe("waits in words", () => {
  test("real plurals, rounded up to what a person reads", () => {
    expect(waitText(1)).toBe("1 second");
    expect(waitText(0.2)).toBe("1 second");
    expect(waitText(2)).toBe("2 seconds");
    expect(waitText(89)).toBe("89 seconds");
    expect(waitText(90)).toBe("2 minutes");
    expect(waitText(2718)).toBe("46 minutes");
    expect(waitText(3600)).toBe("60 minutes");
    expect(waitText(5400)).toBe("1 hour 30 minutes");
    expect(waitText(7200)).toBe("2 hours");
    expect(waitText(3660 + 3600)).toBe("2 hours 1 minute");
  });
});

describe("the rate-limited scan page", () => {
  test("one countdown, the limit stated once, and the API's message keeps its own retry sentence", async () => {
    runtime = await createTestRuntime({ LIMIT_PER_IP_PER_HOUR: "1", PIPELINE_TOKEN: TOKEN, PUBLIC_URL: "https://scan.example.org" }, { runWorker: false, lookup: fakeDns() });
    // The first fresh scan from this address uses the hour's one slot…
    expect((await runtime.scan({ url: "first.test" }, { token: TOKEN })).status).toBe(202);
    // …so the API refuses the next with its message, ending in the retry sentence scripts read…
    const api = await runtime.scan({ url: "limited.test" }, { token: TOKEN });
    expect(api.status).toBe(429);
    const refusal = (await api.json()) as { error: string; retryAfterSeconds: number };
    expect(refusal.error).toMatch(/Try again in \d+ seconds?\.$/);
    expect(withoutRetrySentence(refusal.error)).toBe("Rate limit exceeded: at most 1 fresh scan from your address per hour.");

    // …and the form's 429 page states the limit and one countdown in words.
    const challenge = (await (await runtime.request("/api/challenge")).json()) as Challenge;
    const form = new URLSearchParams({ url: "other.test", challengeToken: await solveAltcha(challenge) });
    const response = await runtime.request("/scan", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: form.toString() });
    expect(response.status).toBe(429);
    const seconds = Number(response.headers.get("retry-after"));
    const { document } = parseHTML(await response.text());
    const notice = document.querySelector(".notice.error")!.textContent!;
    expect(notice).toBe(`Rate limit exceeded: at most 1 fresh scan from your address per hour. You can scan again in ${waitText(seconds)}.`);
    expect(notice).not.toContain("Try again");
    const counters = document.querySelectorAll("[data-countdown-seconds]");
    expect(counters.length).toBe(1);
    expect(counters[0]!.getAttribute("data-countdown-seconds")).toBe(String(seconds));
    expect(document.querySelector('script[src="/assets/site.js"]')).not.toBeNull();
  }, 60_000);
});

describe("plural", () => {
  test("singular for one, plural otherwise, irregular plurals given", () => {
    expect(plural(1, "error")).toBe("1 error");
    expect(plural(0, "error")).toBe("0 errors");
    expect(plural(2, "rich result")).toBe("2 rich results");
    expect(plural(3, "entry", "entries")).toBe("3 entries");
  });
});
