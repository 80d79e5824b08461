/**
 * Headers every response carries. HTML gets a same-origin-only Content-Security-Policy unless its
 * route set a stricter or more specific one; JSON and other bodies may load nothing at all.
 */
const HTML_CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
/**
 * Cloudflare's Turnstile widget is a script from challenges.cloudflare.com that renders its check in
 * an iframe from the same origin; that origin is the one exception, and only for script and frame,
 * and only on the pages that show the widget when CHALLENGE=turnstile. The ALTCHA widget needs no
 * exception: its script, stylesheet and proof-of-work worker are all served from our own origin
 * (`worker-src` falls back to `default-src 'self'`), so no `blob:` and no inline code are allowed.
 */
const TURNSTILE_ORIGIN = "https://challenges.cloudflare.com";
const TURNSTILE_HTML_CSP =
  `default-src 'self'; script-src 'self' ${TURNSTILE_ORIGIN}; frame-src ${TURNSTILE_ORIGIN}; img-src 'self' data:; ` +
  "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/** The CSP of a page that shows the browser challenge widget of the given kind. */
export function challengePageCsp(challenge: "altcha" | "turnstile"): string {
  return challenge === "turnstile" ? TURNSTILE_HTML_CSP : HTML_CSP;
}

const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

/** The full set for a JSON answer, for hot routes that build their headers once (the report). */
export const JSON_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "content-security-policy": NON_HTML_CSP,
};

export function applySecurityHeaders(response: Response): void {
  const headers = response.headers;
  // A response built with the whole set already (JSON_SECURITY_HEADERS) needs no more work.
  if (headers.has("x-content-type-options")) return;
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (!headers.has("content-security-policy")) {
    const isHtml = headers.get("content-type")?.startsWith("text/html") ?? false;
    headers.set("content-security-policy", isHtml ? HTML_CSP : NON_HTML_CSP);
  }
}
