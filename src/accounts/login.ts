import { findAccountByEmail } from "./account-email.ts";
import { decoyPasswordHash, PASSWORD_MAX_LENGTH, verifyPassword } from "../auth/passwords.ts";
import { normalizeEmail } from "./email-address.ts";
import { claimLoginAttempt, lockedForSeconds, loginSubjects, settleLoginSuccess } from "./login-throttle.ts";
import { startSession, type StartedSession } from "./session-service.ts";
import type { AccountDeps } from "./account-deps.ts";

/**
 * Sign-in for users. A locked subject is refused before anything else is spent; then the browser
 * challenge (checked before the attempt counts, so that unsolved challenges cannot lock someone's
 * account); then the attempt is counted and the lock checked again in one transaction, so that a
 * burst of parallel attempts cannot slip past the lock; then the password, verified against a decoy
 * hash when the email is unknown so that both failures take the same time and read the same
 * ("Invalid email or password").
 */

export interface LoginInput {
  email: string;
  password: string;
  challengeToken: unknown;
  clientIp: string;
}

export type LoginResult =
  | { kind: "locked"; retryAfterSeconds: number }
  | { kind: "challenge-failed" }
  | { kind: "invalid"; retryAfterSeconds: number }
  | { kind: "signed-in"; userId: number; session: StartedSession };

export const INVALID_CREDENTIALS = "Invalid email or password.";

export async function logIn(deps: AccountDeps, input: LoginInput): Promise<LoginResult> {
  const email = normalizeEmail(input.email).slice(0, 320);
  const subjects = loginSubjects("user", input.clientIp, email);
  const locked = await lockedForSeconds(deps.db, subjects, deps.now());
  if (locked > 0) return { kind: "locked", retryAfterSeconds: locked };
  if (!(await deps.challenge.verify(input.challengeToken, input.clientIp))) return { kind: "challenge-failed" };

  const claim = await claimLoginAttempt(deps.db, subjects, deps.now());
  if (!claim.ok) return { kind: "locked", retryAfterSeconds: claim.retryAfterSeconds };

  const user = await findAccountByEmail(deps.db, input.email.slice(0, 320));
  const password = input.password.slice(0, PASSWORD_MAX_LENGTH * 4);
  const matches = await verifyPassword(password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !matches) {
    deps.log("info", "sign-in failed", { lockSeconds: claim.lockSecondsIfWrong });
    return { kind: "invalid", retryAfterSeconds: claim.lockSecondsIfWrong };
  }
  await settleLoginSuccess(deps.db, subjects);
  return { kind: "signed-in", userId: user.id, session: await startSession(deps.db, "user", user.id, deps.now()) };
}
