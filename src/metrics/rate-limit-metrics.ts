import { instanceRegistry } from "./instance-registry.ts";

const refusals = instanceRegistry.counter(
  "sightline_rate_limit_refusals_total",
  "Requests refused by a rate limit or a sign-in lockout, by bucket name (ip, domain, key, signup-ip, login-ip, login-user, login-admin).",
  ["bucket"],
);

/** A bucket's stored key is "<name>:<subject>"; only the name becomes a label, so no IP or key id reaches the metrics. */
const BUCKET_NAME = /^([a-z][a-z-]{0,31}):/;

export function bucketNameOf(bucketKey: string): string {
  return BUCKET_NAME.exec(bucketKey)?.[1] ?? "other";
}

/** Called where a refusal is recorded for the admin page, with the same bucket key. */
export function recordRateLimitRefusal(bucketKey: string): void {
  refusals.inc([bucketNameOf(bucketKey)]);
}
