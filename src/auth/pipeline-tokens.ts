import { sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";

/**
 * Matches a bearer token against the configured PIPELINE_TOKEN values (several during a rotation).
 *
 * Both sides are hashed first so that every comparison is between equal-length digests, and every
 * configured token is compared without an early exit: the time taken says nothing about which
 * token, or how much of one, matched.
 */
export function createPipelineTokenMatcher(tokens: readonly string[]): (token: string) => boolean {
  const digests = tokens.map(digestOf);
  return (token) => {
    const given = digestOf(token);
    let matched = false;
    for (const digest of digests) {
      // The comparison is written first so that it runs for every digest, also after a match.
      matched = constantTimeEqual(digest, given) || matched;
    }
    return matched;
  };
}

function digestOf(token: string): Uint8Array {
  return sha256(new TextEncoder().encode(token));
}
