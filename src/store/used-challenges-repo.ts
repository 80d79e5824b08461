import type { Db } from "./database.ts";

/**
 * Digests of challenge solutions already accepted, each kept until its challenge expires; after
 * that the challenge itself is refused, so the row is no longer needed.
 */

/** Records `digest` as used. Returns false when it was already recorded (a replay). */
export async function markChallengeUsed(db: Db, digest: string, expiresAt: number, now: number): Promise<boolean> {
  // Purging here keeps the table bounded without a timer; the index makes it a short range delete.
  await db.run("DELETE FROM used_challenges WHERE expires_at <= ?", [now]);
  // The primary key decides a race between two uses of the same solution, on any engine and instance.
  const inserted = await db.run("INSERT INTO used_challenges (digest, expires_at) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING", [digest, expiresAt]);
  return inserted === 1;
}

export async function countUsedChallenges(db: Db): Promise<number> {
  return (await db.get<{ count: number }>("SELECT COUNT(*) AS count FROM used_challenges"))!.count;
}
