import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { childEnv } from "../../scripts/lib/child-env.ts";
import type { CheckedMarkup } from "../../src/scans/check-api.ts";
import { type CheckInThread, CHECKS_PER_THREAD, checkInThread, MAX_WAITING_CHECKS } from "../../src/scans/check-in-thread.ts";
import { threadCpus } from "../../src/scans/cpu-affinity.ts";

const PRODUCT = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "Tide floor lamp" });
const silent = new URL("./fixtures/silent-check-thread.ts", import.meta.url);

describe("checks of pasted markup in a thread", () => {
  test("the real check thread analyses the paste and answers with POST /api/check's body, checkedAt on the service's clock", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, now: () => Date.UTC(2026, 0, 2, 3, 4, 5) });
    const outcome = await check({ text: PRODUCT });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.kind).toBe("jsonld");
    // Serialised and encoded in the thread, so that the serving thread only sends the bytes (see FromCheckThread).
    const body = JSON.parse(new TextDecoder().decode(outcome.body)) as CheckedMarkup;
    expect(Object.keys(body)).toEqual(["input", "checkedAt", "result", "address"]);
    expect(body.input).toBe("jsonld");
    expect(body.checkedAt).toBe("2026-01-02T03:04:05.000Z");
    expect(body.result.items.map((item) => item.type)).toEqual(["Product"]);
  }, 30_000);

  test("asked for the paste page, the thread answers with the page rendered from the result, the paste escaped in it", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000 });
    const context = { publicUrl: "https://schema.example", siteName: "sightline", challenge: { kind: "altcha" as const, turnstileSiteKey: undefined }, now: Date.UTC(2026, 0, 2) };
    const pasted = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: "</textarea><b>Tide</b>" });
    const outcome = await check({ text: pasted, url: "https://shop.example/lamp" }, { as: "page", context, url: "https://shop.example/lamp" });
    expect(outcome.ok).toBe(true);
    if (!outcome.ok) return;
    expect(outcome.kind).toBe("jsonld");
    const page = new TextDecoder().decode(outcome.body);
    expect(page).toStartWith("<!doctype html>");
    expect(page).toContain('<h2 id="result-title">Result</h2>');
    expect(page).toContain('value="https://shop.example/lamp"');
    expect(page).toContain("&lt;/textarea&gt;&lt;b&gt;Tide&lt;/b&gt;");
    expect(page).not.toContain("<b>Tide</b>");
  }, 30_000);

  test.skipIf(process.platform !== "linux" || (threadCpus()?.length ?? 0) < 2)("the check thread runs on the scans' CPUs (SCAN_CPUS), the serving thread keeps its own", async () => {
    const processCpus = threadCpus()!;
    const last = processCpus.at(-1)!;
    const before = new Set(readdirSync("/proc/self/task"));
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, cpus: [last] });
    expect((await check({ text: PRODUCT })).ok).toBe(true);
    // Kept warm after its check: the thread that was not there before.
    const started = readdirSync("/proc/self/task").filter((tid) => !before.has(tid) && readFileSync(`/proc/self/task/${tid}/comm`, "utf8").trim() === "Worker");
    expect(started.length).toBeGreaterThan(0);
    const cpusOf = (tid: string | number) => readFileSync(`/proc/self/task/${tid}/status`, "utf8").match(/^Cpus_allowed_list:\s*(\S+)/m)?.[1];
    for (const tid of started) expect(cpusOf(tid)).toBe(String(last));
    expect(cpusOf(process.pid)).not.toBe(String(last));
  }, 30_000);

  test("checks run one at a time, in order", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000 });
    const outcomes = await Promise.all([check({ text: PRODUCT }), check({ text: "<p>no markup</p>" })]);
    expect(outcomes.map((outcome) => (outcome.ok ? outcome.kind : outcome.error))).toEqual(["jsonld", "html"]);
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

const misbehaving = new URL("./fixtures/misbehaving-check-thread.ts", import.meta.url);

/** Waits (boundedly) for the checker's threads to have closed; the counts then say how each ended. */
async function allClosed(check: CheckInThread, withinMs = 15_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (check.threads.live > 0 && Date.now() < until) await Bun.sleep(10);
}

describe("check threads end, and end by themselves when they can", () => {
  test("a thread whose check finished leaves by itself when asked: it is not terminated", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, keepWarmMs: 0 });
    const outcome = await check({ text: PRODUCT });
    expect(outcome.ok).toBe(true);
    await allClosed(check);
    expect({ ...check.threads }).toEqual({ started: 1, live: 0, exited: 1, terminated: 0 });
  }, 30_000);

  test("many checks in a row, each in its own thread, leave no thread behind", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, keepWarmMs: 0 });
    for (let index = 0; index < 8; index++) expect((await check({ text: PRODUCT })).ok).toBe(true);
    await allClosed(check);
    expect({ ...check.threads }).toEqual({ started: 8, live: 0, exited: 8, terminated: 0 });
  }, 60_000);

  test("a warm thread takes the checks that follow, then leaves by itself once idle", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, keepWarmMs: 300 });
    for (let index = 0; index < 5; index++) expect((await check({ text: PRODUCT })).ok).toBe(true);
    const together = await Promise.all([check({ text: PRODUCT }), check({ text: "<p>no markup</p>" }), check({ text: PRODUCT })]);
    expect(together.map((outcome) => (outcome.ok ? outcome.kind : outcome.error))).toEqual(["jsonld", "html", "jsonld"]);
    expect(check.threads.started).toBe(1);
    await allClosed(check);
    expect({ ...check.threads }).toEqual({ started: 1, live: 0, exited: 1, terminated: 0 });
  }, 30_000);

  test(`a warm thread leaves after ${CHECKS_PER_THREAD} checks and the next check gets a fresh one`, async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, keepWarmMs: 60_000 });
    for (let index = 0; index <= CHECKS_PER_THREAD; index++) expect((await check({ text: PRODUCT })).ok).toBe(true);
    expect(check.threads.started).toBe(2);
    expect(check.threads.exited).toBe(1);
    expect(check.threads.live).toBe(1);
  }, 120_000);

  test("a hung check is ended at its deadline with the documented error, by terminate, and the next check gets a fresh thread", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 300, entry: misbehaving, keepWarmMs: 60_000 });
    expect(await check({ text: "hang" })).toEqual({ ok: false, error: "The check took longer than 0.3 seconds and was stopped." });
    await allClosed(check);
    expect({ ...check.threads }).toEqual({ started: 1, live: 0, exited: 0, terminated: 1 });
    expect(await check({ text: "next" })).toEqual({ ok: false, error: "deaf thread checked next" });
    expect(check.threads.started).toBe(2);
  }, 30_000);

  test("a thread that does not leave when asked is terminated after the grace", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, entry: misbehaving, keepWarmMs: 0 });
    expect(await check({ text: "one" })).toEqual({ ok: false, error: "deaf thread checked one" });
    await allClosed(check);
    expect({ ...check.threads }).toEqual({ started: 1, live: 0, exited: 0, terminated: 1 });
  }, 30_000);

  test("a thread that crashed answers its check with the error and is not kept for the next check", async () => {
    const check = checkInThread({ vocabularyFile: undefined, timeoutMs: 30_000, entry: misbehaving, keepWarmMs: 60_000 });
    const crashed = await check({ text: "crash" });
    expect(crashed.ok).toBe(false);
    if (!crashed.ok) expect(crashed.error).toStartWith("The check failed: ");
    if (!crashed.ok) expect(crashed.error).toContain("the thread broke");
    expect(await check({ text: "after" })).toEqual({ ok: false, error: "deaf thread checked after" });
    expect(check.threads.started).toBe(2);
  }, 30_000);

  test("a warm thread does not keep a process alive that has nothing more to do", async () => {
    const child = Bun.spawn([process.execPath, new URL("./fixtures/one-check-then-done.ts", import.meta.url).pathname], { env: childEnv(), stdout: "pipe", stderr: "inherit" });
    try {
      // Its thread would stay warm for ten minutes; the process must not wait for that.
      const ended = await Promise.race([child.exited, Bun.sleep(20_000).then(() => "still running after 20 s")]);
      expect(ended).toBe(0);
      expect((await new Response(child.stdout).text()).trim()).toBe("checked");
    } finally {
      child.kill("SIGKILL");
    }
  }, 30_000);
});
