import type { ChallengeVerifier } from "./challenge.ts";

/**
 * Cloudflare Turnstile: the widget runs in the browser and we confirm its token with siteverify.
 * Fails closed: a network error, timeout, non-200 answer or unreadable JSON is a refusal.
 * Siteverify itself refuses a token it has seen before, so replay needs no table here.
 */

export const TURNSTILE_TIMEOUT_MS = 5_000;
/** Cloudflare documents tokens of at most 2048 characters. */
export const MAX_TURNSTILE_TOKEN_LENGTH = 2048;

export interface TurnstileVerifierDeps {
  secret: string;
  verifyUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

export function createTurnstileVerifier(deps: TurnstileVerifierDeps): ChallengeVerifier {
  const fetchFn = deps.fetch ?? fetch;
  const timeoutMs = deps.timeoutMs ?? TURNSTILE_TIMEOUT_MS;

  return {
    kind: "turnstile",

    async issue() {
      return null;
    },

    async verify(token, clientIp) {
      if (typeof token !== "string" || token.length === 0 || token.length > MAX_TURNSTILE_TOKEN_LENGTH) return false;
      const form = new URLSearchParams({ secret: deps.secret, response: token, idempotency_key: crypto.randomUUID() });
      // "unknown" is what the server records when the socket gave no address; Cloudflare wants an IP or nothing.
      if (clientIp && clientIp !== "unknown") form.set("remoteip", clientIp);
      try {
        // The one signal covers the body too, so a server that stalls mid-answer is also cut off.
        const response = await fetchFn(deps.verifyUrl, {
          method: "POST",
          body: form,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: "error",
        });
        if (response.status !== 200) {
          await response.body?.cancel();
          return false;
        }
        const answer: unknown = await response.json();
        return typeof answer === "object" && answer !== null && (answer as { success?: unknown }).success === true;
      } catch {
        return false;
      }
    },
  };
}
