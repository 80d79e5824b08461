/**
 * An HTML answer of an account or admin page: never cached (it shows a signed-in person's data,
 * and once a new key), with the CSP a challenge widget needs when the route passes one.
 */
export function pageResponse(
  markup: string,
  options: { status?: number; csp?: string; headers?: [string, string][] } = {},
): Response {
  const headers = new Headers({ "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  if (options.csp) headers.set("content-security-policy", options.csp);
  for (const [name, value] of options.headers ?? []) headers.append(name, value);
  return new Response(markup, { status: options.status ?? 200, headers });
}

/** A 303 redirect (the answer to a successful form post), optionally setting cookies. */
export function seeOther(location: string, cookies: string[] = []): Response {
  const headers = new Headers({ location, "cache-control": "no-store" });
  for (const cookie of cookies) headers.append("set-cookie", cookie);
  return new Response(null, { status: 303, headers });
}
