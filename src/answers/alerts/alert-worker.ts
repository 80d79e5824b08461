import type { Log } from "../../log.ts";
import type { SafeFetcher } from "../../net/fetch-types.ts";
import { alertSettingsOf, claimDueDelivery, purgeDeliveries, recordAttempt, type DeliveryRow } from "../../store/alerts-repo.ts";
import { evaluateAlerts, type AlertEvaluationDeps } from "./alert-evaluation.ts";
import { alertMail, type AlertPayload } from "./alert-message.ts";
import type { AlertMailer } from "./alert-mailer.ts";
import { DELIVERY_ATTEMPTS, nextStep, type AttemptOutcome } from "./delivery-policy.ts";
import { attemptWebhook } from "./webhook-delivery.ts";
import { openWebhookSecret } from "./webhook-secret.ts";
import { pollingLoop, type PollingLoop } from "../../lib/polling-loop.ts";

/**
 * Every poll: compares watches that have something new (alert-evaluation.ts; every 30 s), then sends the alerts
 * that are due, one attempt each, under a lease. A failed attempt is put back with the time of its
 * next try (delivery-policy.ts), so waiting costs nothing and a restart loses nothing: the next poll
 * of any instance takes up what is due. The log keeps each watch's newest deliveries for a while.
 */
export const DELIVERY_LEASE_MS = 120_000;
export const KEEP_DELIVERIES_MS = 30 * 86_400_000;
export const KEEP_DELIVERIES_PER_WATCH = 100;
const PURGE_EVERY_MS = 3_600_000;
/** Comparing reads two subqueries per watch with alerts; scans and runs take minutes, so twice a minute is soon enough. */
const EVALUATE_EVERY_MS = 30_000;
const DELIVERIES_PER_ROUND = 50;

export interface AlertWorkerDeps extends AlertEvaluationDeps {
  fetcher: SafeFetcher;
  /** null when SMTP_URL is unset: email alerts cannot be sent (nor set). */
  mailer: AlertMailer | null;
  sealingKey: Uint8Array;
  log: Log;
  pollMs?: number;
}

export interface AlertWorker {
  /** One round: compare, then send what is due; resolves to the attempts made. */
  round(): Promise<number>;
  stop(graceMs?: number): Promise<void>;
}

export function alertWorker(deps: AlertWorkerDeps): AlertWorker {
  let background: PollingLoop | undefined;
  let lastPurge = 0;
  let lastEvaluation = -Infinity;
  const round = async () => {
    if (deps.now() - lastEvaluation >= EVALUATE_EVERY_MS) {
      lastEvaluation = deps.now();
      await evaluateAlerts(deps);
    }
    let attempts = 0;
    while (!background?.stopped && attempts < DELIVERIES_PER_ROUND && (await deliverOne(deps))) attempts++;
    const now = deps.now();
    if (now - lastPurge >= PURGE_EVERY_MS) {
      lastPurge = now;
      await purgeDeliveries(deps.db, now - KEEP_DELIVERIES_MS, KEEP_DELIVERIES_PER_WATCH);
    }
    return attempts;
  };
  background = pollingLoop(round, {
    pollMs: deps.pollMs,
    onError: (error) => deps.log("error", "alert worker", { error: error instanceof Error ? error.message : String(error) }),
  });
  return { round, stop: (graceMs) => background!.stop(graceMs) };
}

/** Claims one due delivery and makes one attempt; false when none was due. */
async function deliverOne(deps: AlertWorkerDeps): Promise<boolean> {
  const token = crypto.randomUUID();
  const delivery = await claimDueDelivery(deps.db, token, deps.now() + DELIVERY_LEASE_MS, deps.now());
  if (!delivery) return false;
  // Attempts used up by senders that died mid-attempt: give up rather than try forever.
  const outcome = delivery.attempts > DELIVERY_ATTEMPTS ? { status: null, error: "Gave up: earlier attempts ended without an answer recorded.", delivered: false, retry: false } : await attempt(deps, delivery);
  const now = deps.now();
  const step = nextStep(outcome, delivery.attempts, now);
  await recordAttempt(deps.db, delivery.id, token, { at: now, status: outcome.status, error: outcome.error }, step, now);
  // The target is the user's own URL or address; the log line names the delivery only.
  deps.log(step.state === "failed" ? "warn" : "info", `alert ${delivery.channel} ${step.state === "pending" ? "will be retried" : step.state}`, {
    deliveryId: delivery.id,
    watchId: delivery.watchId,
    attempt: delivery.attempts,
    status: outcome.status,
  });
  return true;
}

async function attempt(deps: AlertWorkerDeps, delivery: DeliveryRow): Promise<AttemptOutcome> {
  const final = (error: string): AttemptOutcome => ({ status: null, error, delivered: false, retry: false });
  if (delivery.channel === "email") {
    if (deps.mailer === null) return final("Email alerts are off on this service (SMTP_URL is not set).");
    return deps.mailer({ to: delivery.target, ...alertMail(JSON.parse(delivery.payload) as AlertPayload) });
  }
  const settings = await alertSettingsOf(deps.db, delivery.watchId);
  if (!settings || settings.webhookUrl === null || settings.webhookSecret === null) return final("The watch's webhook was removed before this alert was sent.");
  if (settings.webhookUrl !== delivery.target) return final("The watch's webhook URL changed before this alert was sent.");
  const secret = openWebhookSecret(deps.sealingKey, settings.webhookSecret);
  if (secret === null) return final("The webhook's secret cannot be opened (the service's SEALING_SECRET changed): set the webhook again.");
  return attemptWebhook(deps.fetcher, settings.webhookUrl, delivery.payload, secret, delivery.id);
}
