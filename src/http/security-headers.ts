/**
 * Headers every response carries. HTML gets a same-origin-only Content-Security-Policy unless its
 * route set a stricter or more specific one; JSON and other bodies may load nothing at all.
 */
const HTML_CSP = "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const NON_HTML_CSP = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(response: Response): void {
  const headers = response.headers;
  headers.set("x-content-type-options", "nosniff");
  headers.set("referrer-policy", "strict-origin-when-cross-origin");
  if (!headers.has("content-security-policy")) {
    const isHtml = headers.get("content-type")?.startsWith("text/html") ?? false;
    headers.set("content-security-policy", isHtml ? HTML_CSP : NON_HTML_CSP);
  }
}
