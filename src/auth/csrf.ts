/**
 * Cross-site request forgery defence for state-changing form posts: the request must come from a
 * page of our own origin. Browsers send `Origin` on every POST and, since 2020, `Sec-Fetch-Site`;
 * both are forbidden headers that a page cannot forge. A request with neither is refused too: it
 * is not a browser posting one of our forms. API routes use bearer tokens, never cookies, so they
 * need none of this.
 */

export type OriginVerdict = { ok: true } | { ok: false; reason: string };

/** The origin of PUBLIC_URL, e.g. `https://scan.example.com` (default ports dropped, as browsers send it). */
export function publicOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

export function checkSameOrigin(headers: Headers, expectedOrigin: string): OriginVerdict {
  const fetchSite = headers.get("sec-fetch-site");
  // "none" is a navigation the user started (typed URL, bookmark); it cannot be a POST from a page.
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") {
    return { ok: false, reason: `Sec-Fetch-Site is ${fetchSite.slice(0, 32)}` };
  }
  const origin = headers.get("origin");
  if (origin === null) return { ok: false, reason: "no Origin header" };
  if (origin !== expectedOrigin) return { ok: false, reason: "Origin does not match PUBLIC_URL" };
  return { ok: true };
}
