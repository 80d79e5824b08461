import type { Db } from "./database.ts";

/**
 * Where a watch's alerts go (watch_alerts) and the alerts sent (alert_deliveries). A delivery is claimed
 * with a lease as answer runs are (answer-runs-repo.ts): only the holder of its current token may record
 * an attempt, so a delivery whose instance died is taken up again once its lease runs out, and never
 * by two instances at once.
 */

export interface AlertSettingsRow {
  watchId: number;
  webhookUrl: string | null;
  /** The webhook's secret, sealed (answers/alerts/webhook-secret.ts); null without a webhook. */
  webhookSecret: Uint8Array | null;
  email: boolean;
  shareDropPoints: number;
  seenScanId: number | null;
  seenRunId: number | null;
}

const SETTINGS_COLUMNS = `watch_id AS "watchId", webhook_url AS "webhookUrl", webhook_secret AS "webhookSecret", email, share_drop_points AS "shareDropPoints",
  seen_scan_id AS "seenScanId", seen_run_id AS "seenRunId"`;

type StoredSettings = Omit<AlertSettingsRow, "email"> & { email: number };

function settingsOf(row: StoredSettings): AlertSettingsRow {
  return { ...row, email: row.email === 1, webhookSecret: row.webhookSecret === null ? null : new Uint8Array(row.webhookSecret) };
}

export async function alertSettingsOf(db: Db, watchId: number): Promise<AlertSettingsRow | null> {
  const row = await db.get<StoredSettings>(`SELECT ${SETTINGS_COLUMNS} FROM watch_alerts WHERE watch_id = ?`, [watchId]);
  return row === null ? null : settingsOf(row);
}

/** Sets where the watch's alerts go; the baselines are kept (a changed channel does not replay old changes). */
export async function saveAlertSettings(
  db: Db,
  watchId: number,
  settings: { webhookUrl: string | null; webhookSecret: Uint8Array | null; email: boolean; shareDropPoints: number },
  now: number,
): Promise<void> {
  await db.run(
    `INSERT INTO watch_alerts (watch_id, webhook_url, webhook_secret, email, share_drop_points, seen_scan_id, seen_run_id, updated_at)
     VALUES (?, ?, ?, ?, ?, NULL, NULL, ?)
     ON CONFLICT (watch_id) DO UPDATE SET webhook_url = excluded.webhook_url, webhook_secret = excluded.webhook_secret, email = excluded.email,
       share_drop_points = excluded.share_drop_points, updated_at = excluded.updated_at`,
    [watchId, settings.webhookUrl, settings.webhookSecret, settings.email ? 1 : 0, settings.shareDropPoints, now],
  );
}

/** A watch with alerts on whose domain has a fresh scan, or whose runs a finished run, newer than it last compared. */
export interface AlertCandidate {
  watchId: number;
  userId: number;
  domain: string;
  seenScanId: number | null;
  seenRunId: number | null;
  latestScanId: number | null;
  latestRunId: number | null;
}

/**
 * Up to `limit` watches with something new to compare. Only fresh, successful scans count: a failed
 * scan has no grade or reach to compare, and a re-scored one (`sightline rescore`) is a change of the
 * scoring, not of the site.
 */
export async function alertCandidates(db: Db, limit: number): Promise<AlertCandidate[]> {
  return db.all<AlertCandidate>(
    `SELECT * FROM (
       SELECT a.watch_id AS "watchId", w.user_id AS "userId", w.domain, a.seen_scan_id AS "seenScanId", a.seen_run_id AS "seenRunId",
              (SELECT s.id FROM scans s WHERE s.domain = w.domain AND s.status = 'ok' AND s.rescored = 0 ORDER BY s.scanned_at DESC, s.id DESC LIMIT 1) AS "latestScanId",
              (SELECT r.id FROM answer_runs r WHERE r.watch_id = w.id AND r.state = 'done' ORDER BY r.finished_at DESC, r.id DESC LIMIT 1) AS "latestRunId"
         FROM watch_alerts a JOIN answer_watches w ON w.id = a.watch_id
        WHERE a.webhook_url IS NOT NULL OR a.email = 1) c
      WHERE (c."latestScanId" IS NOT NULL AND (c."seenScanId" IS NULL OR c."latestScanId" <> c."seenScanId"))
         OR (c."latestRunId" IS NOT NULL AND (c."seenRunId" IS NULL OR c."latestRunId" <> c."seenRunId"))
      ORDER BY c."watchId" LIMIT ?`,
    [limit],
  );
}

/** Moves the watch's baselines from what was read to what it compared; false when another instance did first. */
export async function advanceAlertBaseline(db: Db, watchId: number, seen: { scanId: number | null; runId: number | null }, next: { scanId: number | null; runId: number | null }): Promise<boolean> {
  return (
    (await db.run(
      `UPDATE watch_alerts SET seen_scan_id = ?, seen_run_id = ?
        WHERE watch_id = ? AND coalesce(seen_scan_id, 0) = ? AND coalesce(seen_run_id, 0) = ?`,
      [next.scanId, next.runId, watchId, seen.scanId ?? 0, seen.runId ?? 0],
    )) > 0
  );
}

export type DeliveryChannel = "webhook" | "email";
export type DeliveryState = "pending" | "sending" | "delivered" | "failed";

export interface AttemptLogEntry {
  at: number;
  /** The receiver's HTTP status or SMTP reply code; null when none came. */
  status: number | null;
  error: string | null;
}

export interface DeliveryRow {
  id: number;
  watchId: number;
  channel: DeliveryChannel;
  target: string;
  payload: string;
  state: DeliveryState;
  attempts: number;
  nextAttemptAt: number;
  lastStatus: number | null;
  lastError: string | null;
  attemptLog: AttemptLogEntry[];
  createdAt: number;
  updatedAt: number;
}

const DELIVERY_COLUMNS = `id, watch_id AS "watchId", channel, target, payload, state, attempts, next_attempt_at AS "nextAttemptAt",
  last_status AS "lastStatus", last_error AS "lastError", attempt_log AS "attemptLog", created_at AS "createdAt", updated_at AS "updatedAt"`;

function deliveryOf(row: Omit<DeliveryRow, "attemptLog"> & { attemptLog: string }): DeliveryRow {
  return { ...row, attemptLog: JSON.parse(row.attemptLog) as AttemptLogEntry[] };
}

export async function insertDelivery(db: Db, delivery: { watchId: number; channel: DeliveryChannel; target: string; payload: string }, now: number): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO alert_deliveries (watch_id, channel, target, payload, state, attempts, next_attempt_at, attempt_log, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'pending', 0, ?, '[]', ?, ?) RETURNING id`,
    [delivery.watchId, delivery.channel, delivery.target, delivery.payload, now, now, now],
  );
  return row!.id;
}

/**
 * The most overdue pending delivery, or one whose sender stopped holding it, under a new lease. The claim
 * counts the attempt: a sender that died mid-attempt may have sent it, and a delivery that kills its
 * sender must still run out of attempts.
 */
export async function claimDueDelivery(db: Db, leaseToken: string, leaseExpiresAt: number, now: number): Promise<DeliveryRow | null> {
  const claim = `UPDATE alert_deliveries SET state = 'sending', attempts = attempts + 1, lease_token = ?, lease_expires_at = ?, updated_at = ? WHERE id = ? RETURNING ${DELIVERY_COLUMNS}`;
  const due = `SELECT id FROM alert_deliveries
                WHERE (state = 'pending' AND next_attempt_at <= ?) OR (state = 'sending' AND lease_expires_at <= ?)
                ORDER BY next_attempt_at, id LIMIT 1`;
  if (db.engine === "postgres") {
    const row = await db.get<Omit<DeliveryRow, "attemptLog"> & { attemptLog: string }>(
      `UPDATE alert_deliveries SET state = 'sending', attempts = attempts + 1, lease_token = ?1, lease_expires_at = ?2, updated_at = ?3
        WHERE id = (SELECT id FROM alert_deliveries
                     WHERE (state = 'pending' AND next_attempt_at <= ?3) OR (state = 'sending' AND lease_expires_at <= ?3)
                     ORDER BY next_attempt_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${DELIVERY_COLUMNS}`,
      [leaseToken, leaseExpiresAt, now],
    );
    return row === null ? null : deliveryOf(row);
  }
  return db.exclusive(async () => {
    const next = await db.get<{ id: number }>(due, [now, now]);
    if (!next) return null;
    const row = await db.get<Omit<DeliveryRow, "attemptLog"> & { attemptLog: string }>(claim, [leaseToken, leaseExpiresAt, now, next.id]);
    return row === null ? null : deliveryOf(row);
  });
}

/**
 * Records one attempt of a claimed delivery: delivered, failed for good, or pending again at
 * `retryAt`. False (nothing written) when `leaseToken` no longer holds it.
 */
export async function recordAttempt(
  db: Db,
  id: number,
  leaseToken: string,
  attempt: AttemptLogEntry,
  outcome: { state: "delivered" | "failed" } | { state: "pending"; retryAt: number },
  now: number,
): Promise<boolean> {
  return db.transaction(async () => {
    const row = await db.get<{ attemptLog: string }>(`SELECT attempt_log AS "attemptLog" FROM alert_deliveries WHERE id = ? AND state = 'sending' AND lease_token = ?`, [id, leaseToken]);
    if (!row) return false;
    const log = [...(JSON.parse(row.attemptLog) as AttemptLogEntry[]), attempt];
    await db.run(
      `UPDATE alert_deliveries SET state = ?, next_attempt_at = ?, lease_token = NULL, lease_expires_at = NULL,
              last_status = ?, last_error = ?, attempt_log = ?, updated_at = ? WHERE id = ?`,
      [outcome.state, outcome.state === "pending" ? outcome.retryAt : now, attempt.status, attempt.error, JSON.stringify(log), now, id],
    );
    return true;
  });
}

export async function deliveriesOfWatch(db: Db, watchId: number, limit: number): Promise<DeliveryRow[]> {
  return (await db.all<Omit<DeliveryRow, "attemptLog"> & { attemptLog: string }>(`SELECT ${DELIVERY_COLUMNS} FROM alert_deliveries WHERE watch_id = ? ORDER BY id DESC LIMIT ?`, [watchId, limit])).map(deliveryOf);
}

/** Drops finished deliveries older than `before`, and finished ones beyond the newest `keepPerWatch` of each watch. */
export async function purgeDeliveries(db: Db, before: number, keepPerWatch: number): Promise<void> {
  await db.run(`DELETE FROM alert_deliveries WHERE state IN ('delivered', 'failed') AND created_at < ?`, [before]);
  await db.run(
    `DELETE FROM alert_deliveries WHERE state IN ('delivered', 'failed') AND id IN (
       SELECT id FROM (SELECT id, row_number() OVER (PARTITION BY watch_id ORDER BY id DESC) AS n FROM alert_deliveries
                      WHERE state IN ('delivered', 'failed')) ranked WHERE n > ?)`,
    [keepPerWatch],
  );
}
