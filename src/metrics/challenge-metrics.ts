import type { ChallengeVerifier } from "../auth/challenge.ts";
import { instanceRegistry } from "./instance-registry.ts";

const failures = instanceRegistry.counter(
  "sightline_challenge_failures_total",
  "Browser challenge solutions refused (missing, malformed, expired, replayed, or the verifier failed), for scans, sign-up and sign-in.",
);

/**
 * The verifier, counting each refusal. Every caller (scan API, sign-up, sign-in, admin sign-in) goes
 * through the one verifier the runtime builds, so wrapping it there counts them all without touching them.
 */
export function countingChallengeFailures(verifier: ChallengeVerifier): ChallengeVerifier {
  return {
    kind: verifier.kind,
    issue: () => verifier.issue(),
    async verify(token, clientIp) {
      let passed = false;
      try {
        passed = await verifier.verify(token, clientIp);
        return passed;
      } finally {
        if (!passed) failures.inc();
      }
    },
  };
}
