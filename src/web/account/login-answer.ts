import { INVALID_CREDENTIALS, type LoginResult } from "../../accounts/login.ts";
import { cookieFor } from "../../accounts/browser-session.ts";
import type { StartedSession } from "../../accounts/session-service.ts";
import type { ChallengeWidgetConfig } from "../challenge-widget.ts";
import { loginPage } from "./login-page.ts";
import { pageResponse, seeOther } from "./page-response.ts";

/** What a sign-in form post gets back, the same for users and the operator: the page again, or a session and a redirect. */
export interface LoginAnswerContext {
  variant: "user" | "admin";
  challenge: ChallengeWidgetConfig;
  challengeCsp: string;
  publicUrl: string;
  now: number;
}

type AnyLoginResult = Exclude<LoginResult, { kind: "signed-in" }> | { kind: "signed-in"; session: StartedSession };

export function loginAnswer(result: AnyLoginResult, email: string, context: LoginAnswerContext): Response {
  const again = (status: number, message: string, headers: [string, string][] = []) =>
    pageResponse(loginPage({ challenge: context.challenge, variant: context.variant, email, message }), { status, csp: context.challengeCsp, headers });
  switch (result.kind) {
    case "locked":
      return again(429, `Too many failed sign-ins. Try again in ${waitText(result.retryAfterSeconds)}.`, [["retry-after", String(result.retryAfterSeconds)]]);
    case "challenge-failed":
      return again(403, "Verification failed. Please retry.");
    case "invalid":
      return again(401, result.retryAfterSeconds > 0 ? `${INVALID_CREDENTIALS} Wait ${waitText(result.retryAfterSeconds)} before the next try.` : INVALID_CREDENTIALS);
    case "signed-in":
      return seeOther(context.variant === "admin" ? "/admin" : "/account", [cookieFor(context.variant, context.publicUrl, result.session, context.now)]);
  }
}

/** "12 seconds", "3 minutes": how long to wait, for people. */
export function waitText(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}
