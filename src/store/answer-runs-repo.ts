import type { Db } from "./database.ts";

/**
 * Answer runs, their samples, and the money they cost. A run is claimed by writing a fresh lease token,
 * as scan jobs are (jobs-repo.ts); it is completed, with its samples and its spend, only by the holder
 * of the current token, in one transaction, so a run whose worker lost its lease is never counted twice.
 */

export type RunState = "queued" | "running" | "done" | "failed";

export interface RunRow {
  id: number;
  watchId: number;
  userId: number;
  month: string;
  startedBy: "manual" | "schedule";
  state: RunState;
  planJson: string;
  reservedMicros: number;
  spentMicros: number;
  attempts: number;
  leaseExpiresAt: number | null;
  lastError: string | null;
  createdAt: number;
  finishedAt: number | null;
}

const RUN_COLUMNS = `id, watch_id AS "watchId", user_id AS "userId", month, started_by AS "startedBy", state, plan_json AS "planJson",
  reserved_micros AS "reservedMicros", spent_micros AS "spentMicros", attempts, lease_expires_at AS "leaseExpiresAt",
  last_error AS "lastError", created_at AS "createdAt", finished_at AS "finishedAt"`;

/** What a month holds for the budgets: spent, and reserved by queued and running runs. */
export interface MonthUsage {
  serviceSpentMicros: number;
  serviceReservedMicros: number;
  accountSpentMicros: number;
  accountReservedMicros: number;
  /** The account's monthly budget; 0 when the operator granted none. */
  accountBudgetMicros: number;
}

export async function monthUsage(db: Db, month: string, userId: number): Promise<MonthUsage> {
  const spent = await db.get<{ service: number | null; account: number | null }>(
    `SELECT CAST(sum(micros) AS BIGINT) AS service, CAST(sum(CASE WHEN user_id = ? THEN micros ELSE 0 END) AS BIGINT) AS account FROM answer_spend WHERE month = ?`,
    [userId, month],
  );
  const reserved = await db.get<{ service: number | null; account: number | null }>(
    `SELECT CAST(sum(reserved_micros) AS BIGINT) AS service, CAST(sum(CASE WHEN user_id = ? THEN reserved_micros ELSE 0 END) AS BIGINT) AS account
       FROM answer_runs WHERE state IN ('queued', 'running') AND month = ?`,
    [userId, month],
  );
  const budget = await db.get<{ micros: number }>("SELECT monthly_micros AS micros FROM answer_budgets WHERE user_id = ?", [userId]);
  return {
    serviceSpentMicros: Number(spent?.service ?? 0),
    serviceReservedMicros: Number(reserved?.service ?? 0),
    accountSpentMicros: Number(spent?.account ?? 0),
    accountReservedMicros: Number(reserved?.account ?? 0),
    accountBudgetMicros: budget?.micros ?? 0,
  };
}

export interface NewRun {
  watchId: number;
  userId: number;
  month: string;
  startedBy: "manual" | "schedule";
  planJson: string;
  reservedMicros: number;
}

export async function insertRun(db: Db, run: NewRun, now: number): Promise<number> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO answer_runs (watch_id, user_id, month, started_by, state, plan_json, reserved_micros, spent_micros, attempts, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'queued', ?, ?, 0, 0, ?, ?) RETURNING id`,
    [run.watchId, run.userId, run.month, run.startedBy, run.planJson, run.reservedMicros, now, now],
  );
  return row!.id;
}

/** The next queued run, or a running one whose holder stopped renewing its lease, under a new lease. */
export async function claimDueRun(db: Db, leaseToken: string, leaseExpiresAt: number, now: number): Promise<RunRow | null> {
  if (db.engine === "postgres") {
    return db.get<RunRow>(
      `UPDATE answer_runs SET state = 'running', lease_token = ?1, lease_expires_at = ?2, attempts = attempts + 1, updated_at = ?3
        WHERE id = (SELECT id FROM answer_runs
                     WHERE state = 'queued' OR (state = 'running' AND lease_expires_at <= ?3)
                     ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${RUN_COLUMNS}`,
      [leaseToken, leaseExpiresAt, now],
    );
  }
  return db.exclusive(async () => {
    const due = await db.get<{ id: number }>(
      `SELECT id FROM answer_runs WHERE state = 'queued' OR (state = 'running' AND lease_expires_at <= ?) ORDER BY id LIMIT 1`,
      [now],
    );
    if (!due) return null;
    return db.get<RunRow>(
      `UPDATE answer_runs SET state = 'running', lease_token = ?, lease_expires_at = ?, attempts = attempts + 1, updated_at = ? WHERE id = ? RETURNING ${RUN_COLUMNS}`,
      [leaseToken, leaseExpiresAt, now, due.id],
    );
  });
}

export async function extendRunLease(db: Db, id: number, leaseToken: string, leaseExpiresAt: number, now: number): Promise<boolean> {
  return (await db.run(`UPDATE answer_runs SET lease_expires_at = ?, updated_at = ? WHERE id = ? AND state = 'running' AND lease_token = ?`, [leaseExpiresAt, now, id, leaseToken])) > 0;
}

export interface NewSample {
  promptId: number | null;
  promptText: string;
  engine: string;
  sample: number;
  status: "ok" | "unavailable";
  cited: boolean | null;
  mentioned: boolean | null;
  position: number | null;
  costMicros: number;
  askedAt: number;
  resultJson: string;
}

/**
 * Ends the run as done with its samples and adds their cost to the month's spend, per engine; false
 * (and nothing written) when `leaseToken` no longer holds the run.
 */
export async function completeRun(db: Db, id: number, leaseToken: string, samples: readonly NewSample[], now: number): Promise<boolean> {
  return db.transaction(async () => {
    const run = await db.get<{ userId: number; month: string }>(
      `SELECT user_id AS "userId", month FROM answer_runs WHERE id = ? AND state = 'running' AND lease_token = ?`,
      [id, leaseToken],
    );
    if (!run) return false;
    const spent = samples.reduce((sum, sample) => sum + sample.costMicros, 0);
    await db.run(
      `UPDATE answer_runs SET state = 'done', spent_micros = ?, reserved_micros = 0, lease_token = NULL, lease_expires_at = NULL, finished_at = ?, updated_at = ? WHERE id = ?`,
      [spent, now, now, id],
    );
    for (const sample of samples) {
      await db.run(
        `INSERT INTO answer_samples (run_id, prompt_id, prompt_text, engine, sample, status, cited, mentioned, position, cost_micros, asked_at, result)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        [id, sample.promptId, sample.promptText, sample.engine, sample.sample, sample.status, flag(sample.cited), flag(sample.mentioned), sample.position, sample.costMicros, sample.askedAt, sample.resultJson],
      );
    }
    const byEngine = new Map<string, { micros: number; calls: number }>();
    for (const sample of samples) {
      const entry = byEngine.get(sample.engine) ?? { micros: 0, calls: 0 };
      byEngine.set(sample.engine, { micros: entry.micros + sample.costMicros, calls: entry.calls + 1 });
    }
    for (const [engine, entry] of byEngine) {
      await db.run(
        `INSERT INTO answer_spend (user_id, month, engine, micros, calls) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, month, engine) DO UPDATE SET micros = answer_spend.micros + excluded.micros, calls = answer_spend.calls + excluded.calls`,
        [run.userId, run.month, engine, entry.micros, entry.calls],
      );
    }
    return true;
  });
}

/** Ends the run as failed (nothing was asked, or what was asked could not be kept); releases its reservation. */
export async function failRun(db: Db, id: number, leaseToken: string, error: string, now: number): Promise<boolean> {
  return (
    (await db.run(
      `UPDATE answer_runs SET state = 'failed', reserved_micros = 0, last_error = ?, lease_token = NULL, lease_expires_at = NULL, finished_at = ?, updated_at = ?
        WHERE id = ? AND state = 'running' AND lease_token = ?`,
      [error, now, now, id, leaseToken],
    )) > 0
  );
}

function flag(value: boolean | null): number | null {
  return value === null ? null : value ? 1 : 0;
}

export async function findRun(db: Db, userId: number, id: number): Promise<RunRow | null> {
  return db.get<RunRow>(`SELECT ${RUN_COLUMNS} FROM answer_runs WHERE id = ? AND user_id = ?`, [id, userId]);
}

export async function runsOfWatch(db: Db, watchId: number, limit: number): Promise<RunRow[]> {
  return db.all<RunRow>(`SELECT ${RUN_COLUMNS} FROM answer_runs WHERE watch_id = ? ORDER BY created_at DESC, id DESC LIMIT ?`, [watchId, limit]);
}

export async function latestDoneRun(db: Db, watchId: number): Promise<RunRow | null> {
  return db.get<RunRow>(`SELECT ${RUN_COLUMNS} FROM answer_runs WHERE watch_id = ? AND state = 'done' ORDER BY finished_at DESC, id DESC LIMIT 1`, [watchId]);
}

export interface SampleRow {
  id: number;
  promptId: number | null;
  promptText: string;
  engine: string;
  sample: number;
  resultJson: string;
}

export async function samplesOfRun(db: Db, runId: number): Promise<SampleRow[]> {
  return db.all<SampleRow>(
    `SELECT id, prompt_id AS "promptId", prompt_text AS "promptText", engine, sample, result AS "resultJson" FROM answer_samples WHERE run_id = ? ORDER BY id`,
    [runId],
  );
}

export interface SpendRow {
  month: string;
  engine: string;
  micros: number;
  calls: number;
}

/** Spend per month and engine, newest month first: one account's, or (userId null) the whole service's. */
export async function spendByMonth(db: Db, userId: number | null, months: number): Promise<SpendRow[]> {
  return db.all<SpendRow>(
    `SELECT month, engine, CAST(sum(micros) AS BIGINT) AS micros, CAST(sum(calls) AS BIGINT) AS calls FROM answer_spend
      WHERE CAST(?1 AS BIGINT) IS NULL OR user_id = ?1
      GROUP BY month, engine ORDER BY month DESC, engine LIMIT ?2`,
    [userId, months * 8],
  );
}

export async function setBudget(db: Db, userId: number, monthlyMicros: number, now: number): Promise<void> {
  await db.run(
    `INSERT INTO answer_budgets (user_id, monthly_micros, updated_at) VALUES (?, ?, ?)
     ON CONFLICT (user_id) DO UPDATE SET monthly_micros = excluded.monthly_micros, updated_at = excluded.updated_at`,
    [userId, monthlyMicros, now],
  );
}

export async function budgetOf(db: Db, userId: number): Promise<number> {
  return (await db.get<{ micros: number }>("SELECT monthly_micros AS micros FROM answer_budgets WHERE user_id = ?", [userId]))?.micros ?? 0;
}

export interface BudgetRow {
  userId: number;
  email: string;
  budgetMicros: number;
  spentMicros: number;
}

/** Every account the operator granted a budget, with what it spent in `month`; by email. */
export async function budgetsWithSpend(db: Db, month: string, limit: number): Promise<BudgetRow[]> {
  return db.all<BudgetRow>(
    `SELECT u.id AS "userId", u.email, b.monthly_micros AS "budgetMicros",
            CAST(coalesce((SELECT sum(s.micros) FROM answer_spend s WHERE s.user_id = u.id AND s.month = ?), 0) AS BIGINT) AS "spentMicros"
       FROM answer_budgets b JOIN users u ON u.id = b.user_id ORDER BY u.email LIMIT ?`,
    [month, limit],
  );
}
