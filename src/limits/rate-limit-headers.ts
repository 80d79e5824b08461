import type { LimitState } from "./rate-limiter.ts";

/**
 * The IETF RateLimit header fields (draft-ietf-httpapi-ratelimit-headers-09 and later): structured-field
 * lists with one item per bucket. `RateLimit-Policy` states each quota (`q`) and window (`w`);
 * `RateLimit` reports what is left (`r`) and the seconds until a slot frees up (`t`).
 * Names are lower-case, as HTTP/2 sends them and as `Headers` reports them.
 */
export function rateLimitHeaders(states: readonly LimitState[]): Record<string, string> {
  if (states.length === 0) return {};
  return {
    "ratelimit-policy": states.map((state) => `"${state.name}";q=${state.limit};w=${state.windowSeconds}`).join(", "),
    ratelimit: states.map((state) => `"${state.name}";r=${state.remaining};t=${state.resetSeconds}`).join(", "),
  };
}
