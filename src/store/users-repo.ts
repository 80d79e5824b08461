import type { Db } from "./database.ts";
import { containsPattern } from "./like-pattern.ts";

/**
 * Accounts that sign in with an email address and a password. The email is stored normalised
 * (trimmed, lower-cased) so that UNIQUE means one account per address; the password only as its
 * Argon2id hash (a PHC string that carries its own salt and parameters).
 */

export interface UserRow {
  id: number;
  email: string;
  passwordHash: string;
  createdAt: number;
}

/** A user as the admin lists them, with how many keys they hold. */
export interface UserSummaryRow {
  id: number;
  email: string;
  createdAt: number;
  activeKeys: number;
  revokedKeys: number;
}

/** Inserts a user; null when the email is already taken (the UNIQUE constraint decides, race-free). */
export function insertUser(db: Db, user: { email: string; passwordHash: string; createdAt: number }): number | null {
  const row = db
    .query<{ id: number }, [string, string, number]>(
      `INSERT INTO users (email, password_hash, created_at) VALUES (?, ?, ?)
       ON CONFLICT (email) DO NOTHING RETURNING id`,
    )
    .get(user.email, user.passwordHash, user.createdAt);
  return row?.id ?? null;
}

export function findUserByEmail(db: Db, email: string): UserRow | null {
  return db
    .query<UserRow, [string]>("SELECT id, email, password_hash AS passwordHash, created_at AS createdAt FROM users WHERE email = ?")
    .get(email);
}

export function findUserById(db: Db, id: number): UserRow | null {
  return db
    .query<UserRow, [number]>("SELECT id, email, password_hash AS passwordHash, created_at AS createdAt FROM users WHERE id = ?")
    .get(id);
}

/** The newest users first, with their key counts, for the admin page. */
export function listUsers(db: Db, limit: number): UserSummaryRow[] {
  return db
    .query<UserSummaryRow, [number]>(
      `SELECT u.id, u.email, u.created_at AS createdAt,
              count(k.id) FILTER (WHERE k.revoked_at IS NULL) AS activeKeys,
              count(k.id) FILTER (WHERE k.revoked_at IS NOT NULL) AS revokedKeys
         FROM users u LEFT JOIN api_keys k ON k.user_id = u.id
        GROUP BY u.id ORDER BY u.created_at DESC, u.id DESC LIMIT ?`,
    )
    .all(limit);
}

export function countUsers(db: Db): number {
  return db.query<{ count: number }, []>("SELECT count(*) AS count FROM users").get()!.count;
}

/** One page of the users whose email contains `emailContains` (literally; null: all), newest first, with key counts. */
export function filteredUsers(db: Db, emailContains: string | null, limit: number, offset: number): UserSummaryRow[] {
  return db
    .query<UserSummaryRow, [string | null, number, number]>(
      `SELECT u.id, u.email, u.created_at AS createdAt,
              count(k.id) FILTER (WHERE k.revoked_at IS NULL) AS activeKeys,
              count(k.id) FILTER (WHERE k.revoked_at IS NOT NULL) AS revokedKeys
         FROM users u LEFT JOIN api_keys k ON k.user_id = u.id
        WHERE ?1 IS NULL OR u.email LIKE ?1 ESCAPE '\\'
        GROUP BY u.id ORDER BY u.created_at DESC, u.id DESC LIMIT ?2 OFFSET ?3`,
    )
    .all(emailPattern(emailContains), limit, offset);
}

export function countFilteredUsers(db: Db, emailContains: string | null): number {
  return db
    .query<{ count: number }, [string | null]>("SELECT count(*) AS count FROM users u WHERE ?1 IS NULL OR u.email LIKE ?1 ESCAPE '\\'")
    .get(emailPattern(emailContains))!.count;
}

function emailPattern(emailContains: string | null): string | null {
  const text = emailContains?.trim().toLowerCase();
  return text ? containsPattern(text) : null;
}
