/**
 * Alerts of watched domains, end to end on both store engines: settings through the API (the secret shown
 * once, stored sealed), a fresh scan that drops the grade and loses a platform and a template, and a run
 * whose group share falls, each compared once across two instances; deliveries to a loopback webhook that
 * verifies the signature and fails twice before accepting, across a restart, and to a loopback SMTP sink;
 * nothing fires without a change; hostile webhook URLs refused; secrets nowhere in plain text.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { createHmac, timingSafeEqual } from "node:crypto";
import { evaluateAlerts } from "../../src/answers/alerts/alert-evaluation.ts";
import { smtpMailer } from "../../src/answers/alerts/alert-mailer.ts";
import { alertWorker } from "../../src/answers/alerts/alert-worker.ts";
import { sendTestAlert, setAlerts, showAlerts, type AlertsApiDeps } from "../../src/answers/alerts/alerts-api.ts";
import { DELIVERY_ATTEMPTS, nextStep, retryWaitMs } from "../../src/answers/alerts/delivery-policy.ts";
import { DELIVERY_HEADER, SIGNATURE_HEADER } from "../../src/answers/alerts/webhook-delivery.ts";
import { webhookUrlProblem } from "../../src/answers/alerts/webhook-url.ts";
import type { SampleResult } from "../../src/answers/ask-engine.ts";
import { resolveSealingKey } from "../../src/auth/sealing-key.ts";
import { createLogger } from "../../src/log.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../src/net/safe-fetch.ts";
import { claimDueRun, completeRun, insertRun } from "../../src/store/answer-runs-repo.ts";
import { insertWatch } from "../../src/store/answer-watches-repo.ts";
import { openDatabase, openPostgres, type Db } from "../../src/store/database.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { answersWatchPage } from "../../src/web/account/answers-page.ts";
import { findWatch } from "../../src/store/answer-watches-repo.ts";
import { alertSettingsOf, claimDueDelivery, deliveriesOfWatch, insertDelivery, purgeDeliveries, recordAttempt, saveAlertSettings } from "../../src/store/alerts-repo.ts";
import { DELIVERY_LEASE_MS } from "../../src/answers/alerts/alert-worker.ts";
import { forEachStoreEngine, twoHandles } from "../helpers/store-engines.ts";
import { startSmtpSink, type SmtpSink } from "../helpers/smtp-sink.ts";

const T0 = Date.parse("2026-11-28T08:00:00Z");
const SMTP_PASSWORD = "smtp-pa55word-never-logged";
const OWNER = "owner@example.com";

// The receiver checks the signature as its docs would tell it to, answers 503 twice, then accepts.
let secretForReceiver = "";
let calls = 0;
const accepted: { body: unknown; delivery: string | null }[] = [];
const receiver = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    const body = await request.text();
    const expected = `sha256=${createHmac("sha256", secretForReceiver).update(body).digest("hex")}`;
    const given = request.headers.get(SIGNATURE_HEADER) ?? "";
    if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return new Response("bad signature", { status: 401 });
    calls++;
    if (calls <= 2) return new Response("try later", { status: 503 });
    accepted.push({ body: JSON.parse(body), delivery: request.headers.get(DELIVERY_HEADER) });
    return new Response(null, { status: 204 });
  },
});
// Answers 200 and then sends forever: the attempt reads 4 KiB of it and ends.
const endless = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  idleTimeout: 0,
  fetch: () =>
    new Response(
      new ReadableStream({
        pull(controller) {
          controller.enqueue(new Uint8Array(65_536).fill(97));
        },
      }),
      { status: 200 },
    ),
});
// Counts what it is sent, and takes its time answering, so that a second sender would overlap the first.
let counted = 0;
const counter = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    await request.text();
    counted++;
    await Bun.sleep(50);
    return new Response(null, { status: 204 });
  },
});
let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await receiver.stop(true);
  await endless.stop(true);
  await counter.stop(true);
  await sink.stop();
});

const connectTo = () => parseConnectTo([`hooks.test:80:127.0.0.1:${receiver.port}`, `endless.test:80:127.0.0.1:${endless.port}`, `count.test:80:127.0.0.1:${counter.port}`]);
const lines: string[] = [];
const log = createLogger("debug", (line) => void lines.push(line));
// Public names resolve to a public address; the "evil" ones to private ones.
const lookup = async (name: string) =>
  name === "internal.evil.test" ? [{ address: "10.0.0.7", family: 4 as const }] : name === "mixed.evil.test" ? [{ address: "93.184.216.34", family: 4 as const }, { address: "127.0.0.1", family: 4 as const }] : [{ address: "93.184.216.34", family: 4 as const }];

function apiDeps(db: Db, key: Uint8Array, now: () => number): AlertsApiDeps {
  return { db, now, publicUrl: "https://scan.example.org/", sealingKey: key, emailEnabled: true, connectTo: connectTo(), lookup };
}

function workerFor(db: Db, key: Uint8Array, now: () => number) {
  return alertWorker({
    ...apiDeps(db, key, now),
    fetcher: createSafeFetcher({ connectTo: connectTo(), timeoutMs: 5000, maxBytes: 4096, userAgent: "sightline-alerts", lookup }),
    mailer: smtpMailer(`smtp://alerts:${SMTP_PASSWORD}@127.0.0.1:${sink.port}`, "sightline <alerts@scan.example.org>"),
    log,
  });
}

function record(grade: string, chatgpt: string, blogRead: number) {
  return JSON.stringify({
    status: "ok",
    result: {
      grade,
      pillars: [{ signals: [{ id: "ai-platform-reach", evidence: [`ChatGPT: ${chatgpt} — robots.txt`, "Claude: can read — ok"] }] }],
      site: {
        pages: { budget: 20, discovered: 8, sampled: 4, sound: 4, withIssues: 0, failed: 0, skipped: 0 },
        cut: null,
        templates: [],
        reach: [{ platform: "claude", name: "Claude", pagesRead: blogRead, pagesJudged: 3, templates: [{ template: "/blog/<slug>", read: blogRead, judged: 3, cause: blogRead === 0 ? "3 of 3 sampled pages are app shells" : null }] }],
      },
    },
  });
}

async function scanned(db: Db, grade: string, chatgpt: string, blogRead: number, at: number) {
  await insertScan(db, { domain: "example.com", status: "ok", score: 70, grade, scannedAt: at, recordJson: record(grade, chatgpt, blogRead), artifactsJson: null, caller: { kind: "schedule" } });
}

function sample(cited: boolean): string {
  const result: SampleResult = {
    engine: "openai",
    model: "m",
    askedAt: new Date(T0).toISOString(),
    durationMs: 1,
    costUsd: 0,
    status: "ok",
    analysis: { cited, retrievedOnly: false, mentioned: cited, position: cited ? 1 : null, citedDomains: [], otherDomains: [], competitorsCited: [], domainUrls: [], text: "t", textCut: false, sources: [] },
  };
  return JSON.stringify(result);
}

async function finishedRun(db: Db, userId: number, watchId: number, cited: number, at: number) {
  const plan = { domain: "example.com", brandNames: ["Acme"], competitors: [], samples: 3, engines: ["openai"], prompts: [{ id: 1, name: "best", text: "Best?", group: "buying" }] };
  const runId = await insertRun(db, { watchId, userId, month: "2026-11", startedBy: "schedule", planJson: JSON.stringify(plan), reservedMicros: 0 }, at);
  const run = (await claimDueRun(db, "t", at + 60_000, at))!;
  expect(run.id).toBe(runId);
  const samples = [1, 2, 3].map((n) => ({ promptId: null, promptText: "Best?", engine: "openai", sample: n, status: "ok" as const, cited: n <= cited, mentioned: n <= cited, position: null, costMicros: 0, askedAt: at, resultJson: sample(n <= cited) }));
  expect(await completeRun(db, run.id, "t", samples, at)).toBe(true);
}

test("retries wait 30 s, then four times longer each time, and stop after the last attempt or a final answer", () => {
  const failed = { status: 503, error: "answered 503", delivered: false, retry: true };
  expect(nextStep(failed, 1, 0)).toEqual({ state: "pending", retryAt: 30_000 });
  expect(nextStep(failed, 2, 0)).toEqual({ state: "pending", retryAt: retryWaitMs(2) });
  expect(retryWaitMs(2)).toBe(120_000);
  expect(nextStep(failed, DELIVERY_ATTEMPTS, 0)).toEqual({ state: "failed" });
  expect(nextStep({ ...failed, status: 404, retry: false }, 1, 0)).toEqual({ state: "failed" });
  expect(nextStep({ status: 204, error: null, delivered: true, retry: false }, 3, 0)).toEqual({ state: "delivered" });
});

test("hostile webhook URLs are refused when set", async () => {
  const options = { connectTo: connectTo(), lookup };
  for (const url of ["http://127.0.0.1:8080/hook", "http://[::1]/hook", "http://10.1.2.3/", "http://169.254.169.254/latest/meta-data", "http://0x7f.1/", "http://2130706433/", "http://internal.evil.test/hook", "http://mixed.evil.test/hook", "http://[::ffff:127.0.0.1]/"]) {
    expect(await webhookUrlProblem(url, options)).toContain("private or reserved address");
  }
  expect(await webhookUrlProblem("file:///etc/passwd", options)).toContain("only http and https");
  expect(await webhookUrlProblem("gopher://example.com/", options)).toContain("only http and https");
  expect(await webhookUrlProblem("https://user:pw@hooks.example.com/", options)).toContain("user name or password");
  expect(await webhookUrlProblem("not a url", options)).toContain("not a valid URL");
  expect(await webhookUrlProblem(`https://hooks.example.com/${"a".repeat(3000)}`, options)).toContain("at most");
  expect(await webhookUrlProblem("https://hooks.example.com/sightline", options)).toBeNull();
  expect(await webhookUrlProblem("http://hooks.test/sightline", options)).toBeNull();
});

forEachStoreEngine((store) => {
  test("alerts fire once per change, to a webhook that fails twice (across a restart) and by mail; never without a change", async () => {
    calls = 0;
    accepted.length = 0;
    sink.received.length = 0;
    lines.length = 0;
    let now = T0;
    const clock = () => now;
    const location = await store.location();
    const open = async () => (store.name === "sqlite" ? openDatabase(location) : await openPostgres(location));
    const a = await open();
    const b = await open();
    const key = await resolveSealingKey(a, undefined);
    expect(await resolveSealingKey(b, undefined)).toEqual(key);

    const userId = (await insertUser(a, { email: OWNER, passwordHash: "x", createdAt: T0 }))!;
    const watchId = (await insertWatch(a, userId, { domain: "example.com", brandNames: ["Acme"], competitors: [], engines: null, samples: 3, schedule: "daily", nextRunAt: T0 }, T0))!;

    // A hostile URL is refused and nothing is kept.
    expect(await setAlerts(apiDeps(a, key, clock), userId, watchId, { webhookUrl: "http://internal.evil.test/hook" })).toMatchObject({ status: 400 });
    expect(await alertSettingsOf(a, watchId)).toBeNull();
    const set = await setAlerts(apiDeps(a, key, clock), userId, watchId, { webhookUrl: "http://hooks.test/sightline", email: true, shareDropPoints: 30 });
    expect(set.status).toBe(200);
    const secret = (set.body as { webhookSecret: string }).webhookSecret;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    secretForReceiver = secret;
    // Shown once: neither a later read nor a change of threshold shows it again.
    expect(JSON.stringify(await showAlerts(apiDeps(a, key, clock), userId, watchId))).not.toContain(secret);
    expect(JSON.stringify(await setAlerts(apiDeps(a, key, clock), userId, watchId, { shareDropPoints: 20 }))).not.toContain("whsec_");

    // The first scan and run are the baseline; a scan that changes nothing alerts nothing.
    await scanned(a, "B", "can read", 3, T0 + 1);
    await finishedRun(a, userId, watchId, 3, T0 + 2);
    expect(await evaluateAlerts(apiDeps(a, key, clock))).toBe(0);
    await scanned(a, "B", "can read", 3, T0 + 3);
    await finishedRun(a, userId, watchId, 3, T0 + 4);
    expect(await evaluateAlerts(apiDeps(a, key, clock))).toBe(0);
    // A better grade is no alert either.
    await scanned(a, "A", "can read", 3, T0 + 5);
    expect(await evaluateAlerts(apiDeps(a, key, clock))).toBe(0);

    // Worse: grade, ChatGPT, Claude on the blog template, and the group's share (3 of 3 to 1 of 3).
    await scanned(a, "C", "cannot read", 0, T0 + 6);
    await finishedRun(a, userId, watchId, 1, T0 + 7);
    // Two instances compare at once: one queues (webhook + email), the other nothing.
    const counts = store.name === "sqlite" ? [await evaluateAlerts(apiDeps(a, key, clock)), await evaluateAlerts(apiDeps(b, key, clock))] : await Promise.all([evaluateAlerts(apiDeps(a, key, clock)), evaluateAlerts(apiDeps(b, key, clock))]);
    expect(counts.sort()).toEqual([0, 2]);
    expect(await evaluateAlerts(apiDeps(a, key, clock))).toBe(0);

    // First round: the mail goes; the webhook answers 503 and waits.
    const first = workerFor(a, key, clock);
    expect(await first.round()).toBe(2);
    await first.stop();
    expect(sink.received.length).toBe(1);
    const mail = sink.received[0]!;
    expect(mail.to).toEqual([OWNER]);
    expect(mail.auth).toBe(`\u0000alerts\u0000${SMTP_PASSWORD}`);
    expect(mail.data).toContain("Subject: sightline: example.com: 4 changes");
    expect(mail.data).toContain("dropped from A to C");
    expect(mail.data).toContain("https://scan.example.org/report/example.com");
    let log = await deliveriesOfWatch(a, watchId, 10);
    const hook = () => log.find((delivery) => delivery.channel === "webhook")!;
    expect(hook()).toMatchObject({ state: "pending", attempts: 1, lastStatus: 503 });

    // A restart (new handles, new worker) before the retry is due: nothing is sent early, nothing is lost.
    await a.close();
    await b.close();
    const c = await open();
    const restarted = workerFor(c, await resolveSealingKey(c, undefined), clock);
    expect(await restarted.round()).toBe(0);
    now += retryWaitMs(1);
    expect(await restarted.round()).toBe(1);
    log = await deliveriesOfWatch(c, watchId, 10);
    expect(hook()).toMatchObject({ state: "pending", attempts: 2, lastStatus: 503 });
    now += retryWaitMs(2);
    expect(await restarted.round()).toBe(1);
    await restarted.stop();
    log = await deliveriesOfWatch(c, watchId, 10);
    expect(hook()).toMatchObject({ state: "delivered", attempts: 3, lastStatus: 204 });
    expect(hook().attemptLog.map((entry) => entry.status)).toEqual([503, 503, 204]);
    expect(accepted.length).toBe(1);
    const body = accepted[0]!.body as { event: string; changes: { kind: string; summary: string }[]; links: { report: string } };
    expect(accepted[0]!.delivery).toBe(String(hook().id));
    expect(body.event).toBe("alert");
    expect(body.changes.map((change) => change.kind).sort()).toEqual(["grade-dropped", "group-share-dropped", "platform-lost", "template-lost"]);
    expect(body.changes.find((change) => change.kind === "group-share-dropped")!.summary).toContain("cited in 3 of 3 samples");
    expect(body.changes.find((change) => change.kind === "template-lost")!.summary).toContain("/blog/<slug>");
    expect(body.links.report).toBe("https://scan.example.org/report/example.com");

    // The log shows in the account's page, escaped, without the secret.
    const watch = (await findWatch(c, userId, watchId))!;
    const page = answersWatchPage(watch, null, await alertSettingsOf(c, watchId), log);
    expect(page).toContain("delivered");
    expect(page).toContain("503, 503, 204");
    expect(page).not.toContain(secret);

    // The secret and the SMTP password are nowhere in plain text: not in the database, not in the log.
    const tables = await c.all<{ text: string }>(
      store.name === "sqlite"
        ? "SELECT coalesce(webhook_url, '') || hex(webhook_secret) AS text FROM watch_alerts UNION ALL SELECT payload || coalesce(last_error, '') || attempt_log AS text FROM alert_deliveries UNION ALL SELECT value AS text FROM settings"
        : "SELECT coalesce(webhook_url, '') || encode(webhook_secret, 'hex') AS text FROM watch_alerts UNION ALL SELECT payload || coalesce(last_error, '') || attempt_log AS text FROM alert_deliveries UNION ALL SELECT value AS text FROM settings",
    );
    const stored = tables.map((row) => row.text).join("\n");
    const sealed = (await alertSettingsOf(c, watchId))!.webhookSecret!;
    expect(Buffer.from(sealed).toString("latin1")).not.toContain(secret);
    for (const hidden of [secret, SMTP_PASSWORD, Buffer.from(secret).toString("hex").toUpperCase(), Buffer.from(secret).toString("hex")]) {
      expect(stored).not.toContain(hidden);
      expect(lines.join("\n")).not.toContain(hidden);
    }
    expect(lines.join("\n")).not.toContain("hooks.test");
    await c.close();
  });

  test("a test alert goes to each channel; a receiver that refuses the signature is not retried; a dead SMTP server is retried", async () => {
    accepted.length = 0;
    const now = T0;
    const db = await store.open();
    const key = await resolveSealingKey(db, undefined);
    const userId = (await insertUser(db, { email: OWNER, passwordHash: "x", createdAt: T0 }))!;
    const watchId = (await insertWatch(db, userId, { domain: "example.com", brandNames: ["Acme"], competitors: [], engines: null, samples: 3, schedule: "none", nextRunAt: null }, T0))!;
    const deps = apiDeps(db, key, () => now);
    expect(await sendTestAlert(deps, userId, watchId)).toMatchObject({ status: 409 });
    expect(await setAlerts({ ...deps, emailEnabled: false }, userId, watchId, { email: true })).toMatchObject({ status: 400 });
    const set = await setAlerts(deps, userId, watchId, { webhookUrl: "http://hooks.test/sightline", email: true });
    // The receiver knows another secret: it answers 401, which no retry will change.
    secretForReceiver = "whsec_not-the-one";
    expect((set.body as { webhookSecret: string }).webhookSecret).not.toBe(secretForReceiver);
    expect(await sendTestAlert(deps, userId, watchId)).toEqual({ status: 202, body: { queued: 2 } });
    const worker = alertWorker({ ...deps, fetcher: createSafeFetcher({ connectTo: connectTo(), timeoutMs: 5000, maxBytes: 4096, userAgent: "x", lookup }), mailer: smtpMailer("smtp://127.0.0.1:9", "a@b.test"), log });
    expect(await worker.round()).toBe(2);
    await worker.stop();
    const deliveries = await deliveriesOfWatch(db, watchId, 10);
    expect(deliveries.find((delivery) => delivery.channel === "webhook")).toMatchObject({ state: "failed", attempts: 1, lastStatus: 401 });
    expect(deliveries.find((delivery) => delivery.channel === "email")).toMatchObject({ state: "pending", attempts: 1, lastStatus: null });
    // Rotating makes a new secret, shown once again.
    const rotated = await setAlerts(deps, userId, watchId, { rotateSecret: true });
    expect((rotated.body as { webhookSecret: string }).webhookSecret).not.toBe((set.body as { webhookSecret: string }).webhookSecret);
  });

  test("at delivery: a name that now resolves privately is refused for good; an endless answer is cut; a sender that died mid-attempt is taken over", async () => {
    let now = T0;
    const db = await store.open();
    const key = await resolveSealingKey(db, undefined);
    const userId = (await insertUser(db, { email: OWNER, passwordHash: "x", createdAt: T0 }))!;
    const watchId = (await insertWatch(db, userId, { domain: "example.com", brandNames: ["Acme"], competitors: [], engines: null, samples: 3, schedule: "none", nextRunAt: null }, T0))!;
    const deps = apiDeps(db, key, () => now);
    const worker = () => workerFor(db, key, () => now);
    const settings = (await setAlerts(deps, userId, watchId, { webhookUrl: "http://endless.test/hook" })).status;
    expect(settings).toBe(200);
    const sealed = (await alertSettingsOf(db, watchId))!.webhookSecret;

    // DNS changed its answer since the URL was set (rebinding): the safe fetcher refuses, and no retry follows.
    await saveAlertSettings(db, watchId, { webhookUrl: "http://internal.evil.test/hook", webhookSecret: sealed, email: false, shareDropPoints: 20 }, now);
    await sendTestAlert(deps, userId, watchId);
    const rebinding = worker();
    expect(await rebinding.round()).toBe(1);
    await rebinding.stop();
    expect((await deliveriesOfWatch(db, watchId, 1))[0]).toMatchObject({ state: "failed", attempts: 1, lastStatus: null });
    expect((await deliveriesOfWatch(db, watchId, 1))[0]!.lastError).toContain("private or reserved address");

    // An answer that never ends: 200 is read, the body is cut at 4 KiB, the attempt ends.
    await saveAlertSettings(db, watchId, { webhookUrl: "http://endless.test/hook", webhookSecret: sealed, email: false, shareDropPoints: 20 }, now);
    await sendTestAlert(deps, userId, watchId);
    // A sender claims it and dies before its attempt is recorded.
    expect(await claimDueDelivery(db, "dead-sender", now + DELIVERY_LEASE_MS, now)).not.toBeNull();
    const after = worker();
    expect(await after.round()).toBe(0);
    now += DELIVERY_LEASE_MS;
    expect(await after.round()).toBe(1);
    await after.stop();
    // The dead sender's claim counts as an attempt (it may have sent it); the log holds the one answered.
    expect((await deliveriesOfWatch(db, watchId, 1))[0]).toMatchObject({ state: "delivered", attempts: 2, lastStatus: 200 });
    expect((await deliveriesOfWatch(db, watchId, 1))[0]!.attemptLog.map((entry) => entry.status)).toEqual([200]);

    // A delivery whose senders keep dying runs out of attempts all the same.
    await sendTestAlert(deps, userId, watchId);
    for (let claim = 0; claim < DELIVERY_ATTEMPTS; claim++) {
      expect(await claimDueDelivery(db, `dead-${claim}`, now + DELIVERY_LEASE_MS, now)).not.toBeNull();
      now += DELIVERY_LEASE_MS;
    }
    const last = worker();
    expect(await last.round()).toBe(1);
    await last.stop();
    expect((await deliveriesOfWatch(db, watchId, 1))[0]).toMatchObject({ state: "failed", attempts: DELIVERY_ATTEMPTS + 1 });
    expect((await deliveriesOfWatch(db, watchId, 1))[0]!.lastError).toContain("Gave up");
  });

  test("two instances sending at once send each delivery once", async () => {
    counted = 0;
    const { a, b, closeAll } = await twoHandles(store, { racing: true });
    try {
      const key = await resolveSealingKey(a, undefined);
      const userId = (await insertUser(a, { email: OWNER, passwordHash: "x", createdAt: T0 }))!;
      const watchId = (await insertWatch(a, userId, { domain: "example.com", brandNames: ["Acme"], competitors: [], engines: null, samples: 3, schedule: "none", nextRunAt: null }, T0))!;
      expect((await setAlerts(apiDeps(a, key, () => T0), userId, watchId, { webhookUrl: "http://count.test/hook" })).status).toBe(200);
      for (let index = 0; index < 3; index++) await sendTestAlert(apiDeps(a, key, () => T0), userId, watchId);
      const first = workerFor(a, key, () => T0);
      const second = workerFor(b, key, () => T0);
      const rounds = await Promise.all([first.round(), second.round()]);
      await Promise.all([first.stop(), second.stop()]);
      expect(rounds[0]! + rounds[1]!).toBe(3);
      expect(counted).toBe(3);
      expect((await deliveriesOfWatch(a, watchId, 10)).map((delivery) => [delivery.state, delivery.attempts])).toEqual([["delivered", 1], ["delivered", 1], ["delivered", 1]]);
    } finally {
      await closeAll();
    }
  });

  test("retention: finished deliveries go after their time or past the newest kept per watch; pending ones stay", async () => {
    const db = await store.open();
    const userId = (await insertUser(db, { email: OWNER, passwordHash: "x", createdAt: T0 }))!;
    const watchId = (await insertWatch(db, userId, { domain: "example.com", brandNames: ["Acme"], competitors: [], engines: null, samples: 3, schedule: "none", nextRunAt: null }, T0))!;
    const finished = async (at: number) => {
      const id = await insertDelivery(db, { watchId, channel: "webhook", target: "http://hooks.test/x", payload: "{}" }, at);
      await claimDueDelivery(db, `t${id}`, at + 1000, at);
      await recordAttempt(db, id, `t${id}`, { at, status: 204, error: null }, { state: "delivered" }, at);
      return id;
    };
    await finished(T0);
    await finished(T0 + 10_000);
    const b = await finished(T0 + 20_000);
    const c = await finished(T0 + 30_000);
    // Queued before them all and still waiting for its next attempt.
    const pending = await insertDelivery(db, { watchId, channel: "webhook", target: "http://hooks.test/x", payload: "{}" }, T0 - 1);
    await purgeDeliveries(db, T0 + 5_000, 2);
    // The oldest went by age; of the rest, the newest 2 finished ones are kept; the pending one stays.
    expect((await deliveriesOfWatch(db, watchId, 10)).map((delivery) => delivery.id)).toEqual([pending, c, b]);
  });
});
