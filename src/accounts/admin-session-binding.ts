import { scrypt } from "node:crypto";
import { sha256 } from "@oslojs/crypto/sha2";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { Db } from "../store/database.ts";
import { deleteAdminSessions } from "../store/sessions-repo.ts";
import { getSetting, setSetting } from "../store/settings-repo.ts";
import { normalizeEmail } from "./email-address.ts";

/**
 * What ties an admin session to the credentials it was opened with (issue 30, finding 6): a digest of
 * ADMIN_EMAIL and ADMIN_PASSWORD, folded into the session's stored token hash (auth/sessions.ts), so a
 * server started with another email or password finds none of the sessions opened before. It is the same
 * on every instance with the same settings and is never stored; it is slow to derive (scrypt at about the
 * cost of our Argon2id hashes, 16 MiB), so a leaked cookie with its database row does not let the
 * password be guessed at SHA-256 speed.
 */

const SCRYPT = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const SALT = "sightline admin session binding v1";
/** The binding's SHA-256, to notice a change at start (a digest of a slow digest: nothing to guess from). */
export const ADMIN_BINDING_SETTING = "admin_session_binding_sha256";

export function adminSessionBinding(email: string, password: string): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    scrypt(`${normalizeEmail(email)}\n${password}`, SALT, 32, SCRYPT, (error, key) => (error ? reject(error) : resolve(new Uint8Array(key))));
  });
}

/**
 * Deletes the admin sessions opened under other credentials when these are new to the database, so that
 * going back to an earlier password does not bring its sessions back. Those sessions are already
 * unusable (their stored hashes hold the old binding); this is the clean-up, and a failure leaves them so.
 */
export async function forgetOtherAdminSessions(db: Db, binding: Uint8Array): Promise<void> {
  const fingerprint = encodeHexLowerCase(sha256(binding));
  await db.exclusive(async () => {
    if ((await getSetting(db, ADMIN_BINDING_SETTING)) === fingerprint) return;
    await deleteAdminSessions(db);
    await setSetting(db, ADMIN_BINDING_SETTING, fingerprint);
  });
}
