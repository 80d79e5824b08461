import { immediate, type Db } from "./database.ts";

/**
 * Digests of challenge solutions already accepted, each kept until its challenge expires; after
 * that the challenge itself is refused, so the row is no longer needed.
 */

/** Records `digest` as used. Returns false when it was already recorded (a replay). */
export function markChallengeUsed(db: Db, digest: string, expiresAt: number, now: number): boolean {
  return immediate(db, () => {
    // Purging here keeps the table bounded without a timer; the index makes it a short range delete.
    db.query<never, [number]>("DELETE FROM used_challenges WHERE expires_at <= ?").run(now);
    const inserted = db
      .query<never, [string, number]>("INSERT INTO used_challenges (digest, expires_at) VALUES (?, ?) ON CONFLICT (digest) DO NOTHING")
      .run(digest, expiresAt);
    return inserted.changes === 1;
  });
}

export function countUsedChallenges(db: Db): number {
  return db.query<{ count: number }, []>("SELECT COUNT(*) AS count FROM used_challenges").get()!.count;
}
