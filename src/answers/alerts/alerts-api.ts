import { Type as T, type Static } from "@sinclair/typebox";
import type { ConnectToRule } from "../../net/connect-to.ts";
import type { Lookup } from "../../net/resolve-host.ts";
import type { Db } from "../../store/database.ts";
import { alertSettingsOf, deliveriesOfWatch, saveAlertSettings, type AlertSettingsRow, type DeliveryRow } from "../../store/alerts-repo.ts";
import { findWatch } from "../../store/answer-watches-repo.ts";
import { findUserById } from "../../store/users-repo.ts";
import { queueDeliveries } from "./alert-evaluation.ts";
import { alertPayload } from "./alert-message.ts";
import { WEBHOOK_URL_MAX_CHARS, webhookUrlProblem } from "./webhook-url.ts";
import { newWebhookSecret, sealWebhookSecret } from "./webhook-secret.ts";

/** A watch's alerts through the answers API: where they go, the delivery log, and a test alert. */
export interface AlertsApiDeps {
  db: Db;
  now: () => number;
  publicUrl: string;
  sealingKey: Uint8Array;
  /** Whether SMTP_URL is set: email alerts can only be turned on then. */
  emailEnabled: boolean;
  connectTo: ConnectToRule[];
  lookup?: Lookup;
}

export const DEFAULT_SHARE_DROP_POINTS = 20;
export const DELIVERY_LOG_SHOWN = 50;

export const AlertsBody = T.Object(
  {
    webhookUrl: T.Optional(T.Union([T.String({ minLength: 1, maxLength: WEBHOOK_URL_MAX_CHARS }), T.Null()], { description: "Where alerts are POSTed as JSON; null removes the webhook. A public http(s) URL." })),
    email: T.Optional(T.Boolean({ description: "Also send alerts to the account's email address (needs SMTP_URL on the service)." })),
    shareDropPoints: T.Optional(T.Integer({ minimum: 1, maximum: 100, description: "Alert when a prompt group's citation share falls by more than this many percentage points (default 20)." })),
    rotateSecret: T.Optional(T.Boolean({ description: "Make a new signing secret (returned once, in this answer)." })),
  },
  { additionalProperties: false },
);
export type AlertsBody = Static<typeof AlertsBody>;

type Answer = { status: number; body: unknown };
const error = (status: number, message: string): Answer => ({ status, body: { error: message } });

export async function showAlerts(deps: AlertsApiDeps, userId: number, watchId: number): Promise<Answer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  return { status: 200, body: { ...settingsJson(await alertSettingsOf(deps.db, watch.id)), deliveries: (await deliveriesOfWatch(deps.db, watch.id, DELIVERY_LOG_SHOWN)).map(deliveryJson) } };
}

/**
 * Sets where the watch's alerts go. A webhook gets a signing secret the first time it is set (or when
 * asked to rotate it): the secret is in this answer only, and stored sealed.
 */
export async function setAlerts(deps: AlertsApiDeps, userId: number, watchId: number, body: AlertsBody): Promise<Answer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  const current = await alertSettingsOf(deps.db, watch.id);
  const webhookUrl = body.webhookUrl === undefined ? (current?.webhookUrl ?? null) : body.webhookUrl === null ? null : body.webhookUrl.trim();
  if (webhookUrl !== null && webhookUrl !== current?.webhookUrl) {
    const problem = await webhookUrlProblem(webhookUrl, { connectTo: deps.connectTo, ...(deps.lookup ? { lookup: deps.lookup } : {}) });
    if (problem !== null) return error(400, problem);
  }
  const email = body.email ?? current?.email ?? false;
  if (email && !deps.emailEnabled) return error(400, "email: this service sends no email (its operator has not set SMTP_URL).");
  const fresh = webhookUrl !== null && (current?.webhookSecret == null || body.rotateSecret === true) ? newWebhookSecret() : null;
  const webhookSecret = webhookUrl === null ? null : fresh !== null ? sealWebhookSecret(deps.sealingKey, fresh) : current!.webhookSecret;
  await saveAlertSettings(deps.db, watch.id, { webhookUrl, webhookSecret, email, shareDropPoints: body.shareDropPoints ?? current?.shareDropPoints ?? DEFAULT_SHARE_DROP_POINTS }, deps.now());
  const saved = settingsJson(await alertSettingsOf(deps.db, watch.id));
  return { status: 200, body: fresh === null ? saved : { ...saved, webhookSecret: fresh, webhookSecretNote: "Shown once: keep it to verify the X-Sightline-Signature header. It cannot be shown again; rotate it to get a new one." } };
}

/** Queues a test alert to every channel the watch has, so its owner sees one arrive (and in the log). */
export async function sendTestAlert(deps: AlertsApiDeps, userId: number, watchId: number): Promise<Answer> {
  const watch = await findWatch(deps.db, userId, watchId);
  if (!watch) return error(404, "No such watch.");
  const settings = await alertSettingsOf(deps.db, watch.id);
  if (!settings || (settings.webhookUrl === null && !settings.email)) return error(409, "The watch has no alert channel: set a webhookUrl or email first.");
  const now = deps.now();
  const email = settings.email ? ((await findUserById(deps.db, userId))?.email ?? null) : null;
  const queued = await queueDeliveries(deps, settings, alertPayload("test", { id: watch.id, domain: watch.domain }, [], deps.publicUrl, now), email, now);
  return { status: 202, body: { queued } };
}

function settingsJson(settings: AlertSettingsRow | null) {
  return {
    webhookUrl: settings?.webhookUrl ?? null,
    email: settings?.email ?? false,
    shareDropPoints: settings?.shareDropPoints ?? DEFAULT_SHARE_DROP_POINTS,
  };
}

export function deliveryJson(delivery: DeliveryRow) {
  const payload = JSON.parse(delivery.payload) as { event?: string; changes?: { kind: string }[] };
  return {
    id: delivery.id,
    channel: delivery.channel,
    target: delivery.target,
    event: payload.event ?? "alert",
    changes: (payload.changes ?? []).map((change) => change.kind),
    state: delivery.state,
    attempts: delivery.attempts,
    lastStatus: delivery.lastStatus,
    lastError: delivery.lastError,
    attemptLog: delivery.attemptLog.map((entry) => ({ at: new Date(entry.at).toISOString(), status: entry.status, error: entry.error })),
    createdAt: new Date(delivery.createdAt).toISOString(),
    nextAttemptAt: delivery.state === "pending" ? new Date(delivery.nextAttemptAt).toISOString() : null,
  };
}
