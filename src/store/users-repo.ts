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
export async function insertUser(db: Db, user: { email: string; passwordHash: string; createdAt: number }): Promise<number | null> {
  const row = (await db.get<{ id: number }>(`INSERT INTO users (email, password_hash, created_at) VALUES (?, ?, ?)
       ON CONFLICT (email) DO NOTHING RETURNING id`, [user.email, user.passwordHash, user.createdAt]));
  return row?.id ?? null;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  return (await db.get<UserRow>(`SELECT id, email, password_hash AS "passwordHash", created_at AS "createdAt" FROM users WHERE email = ?`, [email]));
}

// Engine by engine: an email with a character outside printable ASCII.
const NON_ASCII_EMAIL = {
  sqlite: "email GLOB '*[^ -~]*'",
  postgres: "email ~ '[^ -~]'",
} as const;

/** The users whose email holds a character outside printable ASCII: the only ones Unicode normalisation can change. */
export async function usersWithNonAsciiEmail(db: Db): Promise<{ id: number; email: string }[]> {
  return db.all<{ id: number; email: string }>(`SELECT id, email FROM users WHERE ${NON_ASCII_EMAIL[db.engine]} ORDER BY id`);
}

/** Changes a user's email unless another user holds the new one; false then. */
export async function setUserEmailIfFree(db: Db, id: number, email: string): Promise<boolean> {
  return (await db.run("UPDATE users SET email = ?1 WHERE id = ?2 AND NOT EXISTS (SELECT 1 FROM users WHERE email = ?1)", [email, id])) === 1;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | null> {
  return (await db.get<UserRow>(`SELECT id, email, password_hash AS "passwordHash", created_at AS "createdAt" FROM users WHERE id = ?`, [id]));
}

/** The newest users first, with their key counts, for the admin page. */
export async function listUsers(db: Db, limit: number): Promise<UserSummaryRow[]> {
  return (await db.all<UserSummaryRow>(`SELECT u.id, u.email, u.created_at AS "createdAt",
              count(k.id) FILTER (WHERE k.revoked_at IS NULL) AS "activeKeys",
              count(k.id) FILTER (WHERE k.revoked_at IS NOT NULL) AS "revokedKeys"
         FROM users u LEFT JOIN api_keys k ON k.user_id = u.id
        GROUP BY u.id ORDER BY u.created_at DESC, u.id DESC LIMIT ?`, [limit]));
}

export async function countUsers(db: Db): Promise<number> {
  return (await db.get<{ count: number }>("SELECT count(*) AS count FROM users"))!.count;
}

/** One page of the users whose email contains `emailContains` (literally; null: all), newest first, with key counts. */
export async function filteredUsers(db: Db, emailContains: string | null, limit: number, offset: number): Promise<UserSummaryRow[]> {
  return (await db.all<UserSummaryRow>(`SELECT u.id, u.email, u.created_at AS "createdAt",
              count(k.id) FILTER (WHERE k.revoked_at IS NULL) AS "activeKeys",
              count(k.id) FILTER (WHERE k.revoked_at IS NOT NULL) AS "revokedKeys"
         FROM users u LEFT JOIN api_keys k ON k.user_id = u.id
        WHERE CAST(?1 AS TEXT) IS NULL OR u.email LIKE ?1 ESCAPE '\\'
        GROUP BY u.id ORDER BY u.created_at DESC, u.id DESC LIMIT ?2 OFFSET ?3`, [emailPattern(emailContains), limit, offset]));
}

export async function countFilteredUsers(db: Db, emailContains: string | null): Promise<number> {
  return (await db.get<{ count: number }>("SELECT count(*) AS count FROM users u WHERE CAST(?1 AS TEXT) IS NULL OR u.email LIKE ?1 ESCAPE '\\'", [emailPattern(emailContains)]))!.count;
}

function emailPattern(emailContains: string | null): string | null {
  const text = emailContains?.trim().toLowerCase();
  return text ? containsPattern(text) : null;
}
