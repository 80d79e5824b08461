/**
 * Cross-site request forgery defence for state-changing form posts: the request must come from a
 * page of our own origin. Browsers send `Origin` on every POST and, since 2020, `Sec-Fetch-Site`;
 * both are forbidden headers that a page cannot forge. A request with neither is refused too: it
 * is not a browser posting one of our forms. API routes use bearer tokens, never cookies, so they
 * need none of this.
 */

/** `reason` is for the log; `message` is for the person whose form was refused, naming PUBLIC_URL. */
export type OriginVerdict = { ok: true } | { ok: false; reason: string; message: string };

/** The origin of PUBLIC_URL, e.g. `https://scan.example.com` (default ports dropped, as browsers send it). */
export function publicOrigin(publicUrl: string): string {
  return new URL(publicUrl).origin;
}

export function checkSameOrigin(headers: Headers, expectedOrigin: string): OriginVerdict {
  const fetchSite = headers.get("sec-fetch-site");
  const origin = headers.get("origin");
  // "none" is a navigation the user started (typed URL, bookmark); it cannot be a POST from a page.
  if (fetchSite !== null && fetchSite !== "same-origin" && fetchSite !== "none") {
    return refused(`Sec-Fetch-Site is ${fetchSite.slice(0, 32)}`, origin, expectedOrigin);
  }
  if (origin === null) return refused("no Origin header", origin, expectedOrigin);
  if (origin !== expectedOrigin) return refused("Origin does not match PUBLIC_URL", origin, expectedOrigin);
  return { ok: true };
}

function refused(reason: string, origin: string | null, expectedOrigin: string): OriginVerdict {
  return { ok: false, reason, message: crossSiteMessage(origin, expectedOrigin) };
}

/**
 * The most common cause is not an attack but an address: the page was opened at 127.0.0.1 or a LAN
 * name while PUBLIC_URL says localhost (its default), so the browser's Origin differs. Say so.
 */
export function crossSiteMessage(origin: string | null, expectedOrigin: string): string {
  const accepted = `This server accepts forms only from pages opened at ${expectedOrigin}, the address set in PUBLIC_URL.`;
  if (origin === null || origin === "null") {
    return `This form was sent from another site, or without the headers a browser sends, so it was refused. ${accepted} Open the page at ${expectedOrigin} and try again.`;
  }
  const shown = origin.length > 100 ? `${origin.slice(0, 100)}…` : origin;
  return (
    `This form was sent from another site (${shown}), so it was refused. ${accepted} ` +
    `Open the page at ${expectedOrigin} and try again; if ${shown} is the address people use, the operator should set PUBLIC_URL=${shown}.`
  );
}
