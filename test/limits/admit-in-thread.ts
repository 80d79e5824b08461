// A Worker thread for rate-limiter.test.ts: admits scans through its own connection to a shared
// database file, so that the test races real concurrent writers rather than one interleaved thread.
import { openDatabase, type Db } from "../../src/store/database.ts";
import { consumeRateLimits } from "../../src/limits/rate-limiter.ts";
import { scanLimitRules } from "../../src/limits/scan-limit-rules.ts";

declare const self: Worker;

type Message = { kind: "open"; path: string } | { kind: "admit"; thread: number; requests: number; clientIp: string; now: number };

let db: Db | null = null;

self.onmessage = async (event: MessageEvent<Message>) => {
  const message = event.data;
  if (message.kind === "open") {
    // Opened one thread at a time by the test: the race under test is the admissions, not the opening.
    db = openDatabase(message.path, { migrate: false });
    postMessage("opened");
    return;
  }
  const connection = db!;
  const limits = { perIpPerHour: 8, perDomainPerHour: 3, perKeyPerHour: 60 };
  const outcomes: { ok: boolean; retryAfterSeconds: number }[] = [];
  for (let i = 0; i < message.requests; i++) {
    const rules = scanLimitRules({ kind: "challenge" }, message.clientIp, `site-${message.thread}-${i}.example`, limits);
    // consumeRateLimits runs its check-and-count in an exclusive transaction (BEGIN IMMEDIATE on SQLite).
    const decision = await consumeRateLimits(connection, rules, message.now);
    outcomes.push({ ok: decision.ok, retryAfterSeconds: decision.ok ? 0 : decision.retryAfterSeconds });
  }
  await connection.close();
  postMessage(outcomes);
};
