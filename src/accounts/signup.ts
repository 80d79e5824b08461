import { insertUser } from "../store/users-repo.ts";
import { findAccountByEmail } from "./account-email.ts";
import { consumeRateLimits } from "../limits/rate-limiter.ts";
import { hashPassword, passwordProblem } from "../auth/passwords.ts";
import { checkEmail } from "./email-address.ts";
import { startSession, type StartedSession } from "./session-service.ts";
import type { AccountDeps } from "./account-deps.ts";

/**
 * Self-serve signup: a valid email, an acceptable password, a solved browser challenge and room in
 * the client IP's signup bucket. Input is checked first (free), then the challenge (spent once),
 * then the rate limit (so only real attempts count). No verification mail is sent, as the interface says.
 */

export const SIGNUPS_PER_IP_PER_HOUR = 10;

export interface SignupInput {
  email: string;
  password: string;
  challengeToken: unknown;
  clientIp: string;
}

export type SignupFieldErrors = { email?: string; password?: string };

export type SignupResult =
  | { kind: "invalid"; errors: SignupFieldErrors }
  | { kind: "challenge-failed" }
  | { kind: "limited"; retryAfterSeconds: number }
  | { kind: "taken" }
  | { kind: "created"; userId: number; email: string; session: StartedSession };

export async function signUp(deps: AccountDeps, input: SignupInput): Promise<SignupResult> {
  const email = checkEmail(input.email);
  const problem = passwordProblem(input.password);
  if (!email.ok || problem !== null) {
    return { kind: "invalid", errors: { email: email.ok ? undefined : email.error, password: problem ?? undefined } };
  }
  if (!(await deps.challenge.verify(input.challengeToken, input.clientIp))) return { kind: "challenge-failed" };

  const decision = await consumeRateLimits(
    deps.db,
    [{ name: "ip", bucket: `signup-ip:${input.clientIp}`, limit: SIGNUPS_PER_IP_PER_HOUR, windowSeconds: 3600 }],
    deps.now(),
  );
  if (!decision.ok) return { kind: "limited", retryAfterSeconds: decision.retryAfterSeconds };

  if (await findAccountByEmail(deps.db, input.email)) return { kind: "taken" };
  const passwordHash = await hashPassword(input.password);
  const now = deps.now();
  // The UNIQUE constraint settles a race between two signups for the same address.
  const userId = await insertUser(deps.db, { email: email.email, passwordHash, createdAt: now });
  if (userId === null) return { kind: "taken" };
  deps.log("info", "account created", { userId });
  return { kind: "created", userId, email: email.email, session: await startSession(deps.db, "user", userId, now) };
}
