import type { Db } from "./database.ts";

/** Watched domains and their prompts (see answers/ for what a watch does). Lists are stored as JSON arrays. */

export type WatchSchedule = "none" | "daily" | "weekly";

export interface WatchRow {
  id: number;
  userId: number;
  domain: string;
  brandNames: string[];
  competitors: string[];
  /** null: every configured engine. */
  engines: string[] | null;
  samples: number;
  schedule: WatchSchedule;
  nextRunAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export interface WatchFields {
  domain: string;
  brandNames: string[];
  competitors: string[];
  engines: string[] | null;
  samples: number;
  schedule: WatchSchedule;
  nextRunAt: number | null;
}

interface StoredWatch extends Omit<WatchRow, "brandNames" | "competitors" | "engines"> {
  brandNames: string;
  competitors: string;
  engines: string | null;
}

const WATCH_COLUMNS = `id, user_id AS "userId", domain, brand_names AS "brandNames", competitors, engines, samples, schedule,
  next_run_at AS "nextRunAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

function watchOf(row: StoredWatch): WatchRow {
  return {
    ...row,
    brandNames: JSON.parse(row.brandNames) as string[],
    competitors: JSON.parse(row.competitors) as string[],
    engines: row.engines === null ? null : (JSON.parse(row.engines) as string[]),
  };
}

/** The new watch's id, or null when the user already watches the domain. */
export async function insertWatch(db: Db, userId: number, fields: WatchFields, now: number): Promise<number | null> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO answer_watches (user_id, domain, brand_names, competitors, engines, samples, schedule, next_run_at, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    [userId, fields.domain, JSON.stringify(fields.brandNames), JSON.stringify(fields.competitors), fields.engines === null ? null : JSON.stringify(fields.engines), fields.samples, fields.schedule, fields.nextRunAt, now, now],
  );
  return row?.id ?? null;
}

export async function updateWatch(db: Db, userId: number, id: number, fields: Omit<WatchFields, "domain">, now: number): Promise<boolean> {
  return (
    (await db.run(
      `UPDATE answer_watches SET brand_names = ?, competitors = ?, engines = ?, samples = ?, schedule = ?, next_run_at = ?, updated_at = ?
        WHERE id = ? AND user_id = ?`,
      [JSON.stringify(fields.brandNames), JSON.stringify(fields.competitors), fields.engines === null ? null : JSON.stringify(fields.engines), fields.samples, fields.schedule, fields.nextRunAt, now, id, userId],
    )) > 0
  );
}

export async function deleteWatch(db: Db, userId: number, id: number): Promise<boolean> {
  return (await db.run("DELETE FROM answer_watches WHERE id = ? AND user_id = ?", [id, userId])) > 0;
}

export async function findWatch(db: Db, userId: number, id: number): Promise<WatchRow | null> {
  const row = await db.get<StoredWatch>(`SELECT ${WATCH_COLUMNS} FROM answer_watches WHERE id = ? AND user_id = ?`, [id, userId]);
  return row === null ? null : watchOf(row);
}

export async function findWatchById(db: Db, id: number): Promise<WatchRow | null> {
  const row = await db.get<StoredWatch>(`SELECT ${WATCH_COLUMNS} FROM answer_watches WHERE id = ?`, [id]);
  return row === null ? null : watchOf(row);
}

export async function findWatchByDomain(db: Db, userId: number, domain: string): Promise<WatchRow | null> {
  const row = await db.get<StoredWatch>(`SELECT ${WATCH_COLUMNS} FROM answer_watches WHERE user_id = ? AND domain = ?`, [userId, domain]);
  return row === null ? null : watchOf(row);
}

export async function watchesOf(db: Db, userId: number): Promise<WatchRow[]> {
  return (await db.all<StoredWatch>(`SELECT ${WATCH_COLUMNS} FROM answer_watches WHERE user_id = ? ORDER BY domain`, [userId])).map(watchOf);
}

export async function countWatchesOf(db: Db, userId: number): Promise<number> {
  return (await db.get<{ count: number }>("SELECT count(*) AS count FROM answer_watches WHERE user_id = ?", [userId]))!.count;
}

export interface PromptRow {
  id: number;
  watchId: number;
  name: string;
  prompt: string;
  group: string | null;
  createdAt: number;
}

const PROMPT_COLUMNS = `id, watch_id AS "watchId", name, prompt, prompt_group AS "group", created_at AS "createdAt"`;

/** The new prompt's id, or null when the watch already has a prompt of that name. */
export async function insertPrompt(db: Db, watchId: number, prompt: { name: string; prompt: string; group: string | null }, now: number): Promise<number | null> {
  const row = await db.get<{ id: number }>(
    `INSERT INTO answer_prompts (watch_id, name, prompt, prompt_group, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING RETURNING id`,
    [watchId, prompt.name, prompt.prompt, prompt.group, now],
  );
  return row?.id ?? null;
}

export async function promptsOf(db: Db, watchId: number): Promise<PromptRow[]> {
  return db.all<PromptRow>(`SELECT ${PROMPT_COLUMNS} FROM answer_prompts WHERE watch_id = ? ORDER BY id`, [watchId]);
}

export async function countPromptsOf(db: Db, watchId: number): Promise<number> {
  return (await db.get<{ count: number }>("SELECT count(*) AS count FROM answer_prompts WHERE watch_id = ?", [watchId]))!.count;
}

export async function deletePrompt(db: Db, watchId: number, promptId: number): Promise<boolean> {
  return (await db.run("DELETE FROM answer_prompts WHERE id = ? AND watch_id = ?", [promptId, watchId])) > 0;
}

/** The scheduled watch most overdue at `now`, or null; read inside the caller's exclusive transaction. */
export async function dueWatch(db: Db, now: number): Promise<WatchRow | null> {
  const row = await db.get<StoredWatch>(
    `SELECT ${WATCH_COLUMNS} FROM answer_watches WHERE schedule <> 'none' AND next_run_at IS NOT NULL AND next_run_at <= ? ORDER BY next_run_at, id LIMIT 1`,
    [now],
  );
  return row === null ? null : watchOf(row);
}

/** Moves a watch's next run, if it is still `expected` (an edit in between wins). */
export async function advanceWatch(db: Db, id: number, expected: number, next: number): Promise<boolean> {
  return (await db.run("UPDATE answer_watches SET next_run_at = ? WHERE id = ? AND next_run_at = ?", [next, id, expected])) > 0;
}
