/**
 * How often and how long an alert is retried: at most DELIVERY_ATTEMPTS attempts, waiting 30 s, 2 min,
 * 8 min and 32 min between them (exponential, factor 4), so a receiver that is down for about three
 * quarters of an hour still gets the alert, and a dead one costs five requests.
 */
export const DELIVERY_ATTEMPTS = 5;
const FIRST_WAIT_MS = 30_000;

export interface AttemptOutcome {
  /** The receiver's HTTP status or the SMTP server's reply code; null when none came. */
  status: number | null;
  error: string | null;
  delivered: boolean;
  /** Whether a later attempt may succeed (network errors, 408, 429, 5xx, SMTP 4xx). */
  retry: boolean;
}

/** The wait after attempt `attempt` (1-based) failed. */
export function retryWaitMs(attempt: number): number {
  return FIRST_WAIT_MS * 4 ** (attempt - 1);
}

export type NextStep = { state: "delivered" | "failed" } | { state: "pending"; retryAt: number };

export function nextStep(outcome: AttemptOutcome, attemptsMade: number, now: number): NextStep {
  if (outcome.delivered) return { state: "delivered" };
  if (!outcome.retry || attemptsMade >= DELIVERY_ATTEMPTS) return { state: "failed" };
  return { state: "pending", retryAt: now + retryWaitMs(attemptsMade) };
}
