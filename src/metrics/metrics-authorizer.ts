import { bearerTokenOf } from "../auth/bearer-token.ts";
import { createPipelineTokenMatcher } from "../auth/pipeline-tokens.ts";

/**
 * Who may scrape /metrics: anyone when METRICS_TOKEN is unset, otherwise only a request with
 * `Authorization: Bearer <METRICS_TOKEN>`. The comparison is the pipeline token's: both sides hashed,
 * then compared in constant time, so the response time says nothing about how much of the token matched.
 */
export function createMetricsAuthorizer(token: string | undefined): (authorization: string | null) => boolean {
  if (token === undefined) return () => true;
  const matches = createPipelineTokenMatcher([token]);
  return (authorization) => {
    const given = authorization === null ? null : bearerTokenOf(authorization);
    return given !== null && matches(given);
  };
}
