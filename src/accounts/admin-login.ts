import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { hashPassword, PASSWORD_MAX_LENGTH, verifyPassword } from "../auth/passwords.ts";
import { normalizeEmail } from "./email-address.ts";
import { claimLoginAttempt, lockedForSeconds, loginSubjects, settleLoginSuccess } from "./login-throttle.ts";
import { startSession, type StartedSession } from "./session-service.ts";
import { adminSessionBinding, forgetOtherAdminSessions } from "./admin-session-binding.ts";
import type { Db } from "../store/database.ts";
import type { Log } from "../log.ts";
import type { AccountDeps } from "./account-deps.ts";
import type { LoginResult } from "./login.ts";

/**
 * The admin is configured (ADMIN_EMAIL, ADMIN_PASSWORD), not a row in `users`. The password is hashed
 * once at start, so each attempt is checked with Argon2id's constant-time verification and the
 * plain password is not compared anywhere; the email is compared as SHA-256 digests in constant time.
 * Admin sessions are bound to both (admin-session-binding.ts): changing either ends them.
 */

export interface AdminCredentials {
  emailDigest: Uint8Array;
  passwordHash: Promise<string>;
  sessionBinding: Promise<Uint8Array>;
}

export type AdminLoginResult = Exclude<LoginResult, { kind: "signed-in" }> | { kind: "signed-in"; session: StartedSession };

/**
 * Null when ADMIN_EMAIL / ADMIN_PASSWORD are unset: there is no admin login. The binding resolves once the
 * sessions of earlier credentials are gone from `db`, so no session is opened or read before that.
 */
export function adminCredentialsFrom(email: string | undefined, password: string | undefined, store: { db: Db; log: Log }): AdminCredentials | null {
  if (email === undefined || password === undefined) return null;
  const sessionBinding = adminSessionBinding(email, password).then(async (binding) => {
    await forgetOtherAdminSessions(store.db, binding).catch((error: unknown) =>
      store.log("warn", "could not delete the sessions of earlier admin credentials", { error: error instanceof Error ? error.message : String(error) }),
    );
    return binding;
  });
  return { emailDigest: digest(normalizeEmail(email)), passwordHash: hashPassword(password), sessionBinding };
}

export async function logInAdmin(
  deps: AccountDeps,
  admin: AdminCredentials,
  input: { email: string; password: string; challengeToken: unknown; clientIp: string },
): Promise<AdminLoginResult> {
  const email = normalizeEmail(input.email).slice(0, 320);
  const subjects = loginSubjects("admin", input.clientIp, email);
  const locked = await lockedForSeconds(deps.db, subjects, deps.now());
  if (locked > 0) return { kind: "locked", retryAfterSeconds: locked };
  if (!(await deps.challenge.verify(input.challengeToken, input.clientIp))) return { kind: "challenge-failed" };

  // Counted before the password is verified, atomically with the lock check (see claimLoginAttempt).
  const claim = await claimLoginAttempt(deps.db, subjects, deps.now());
  if (!claim.ok) return { kind: "locked", retryAfterSeconds: claim.retryAfterSeconds };

  // Both checks always run, so the time taken does not tell whether the email was right.
  const emailMatches = constantTimeEqual(digest(email), admin.emailDigest);
  const passwordMatches = await verifyPassword(input.password.slice(0, PASSWORD_MAX_LENGTH * 4), await admin.passwordHash);
  if (!emailMatches || !passwordMatches) {
    deps.log("warn", "admin sign-in failed", { lockSeconds: claim.lockSecondsIfWrong });
    return { kind: "invalid", retryAfterSeconds: claim.lockSecondsIfWrong };
  }
  await settleLoginSuccess(deps.db, subjects);
  deps.log("info", "admin signed in");
  return { kind: "signed-in", session: await startSession(deps.db, "admin", null, deps.now(), await admin.sessionBinding) };
}

function digest(text: string): Uint8Array {
  return sha256(new TextEncoder().encode(text));
}
