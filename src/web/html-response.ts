/** An HTML page response (the page as text, or as UTF-8 bytes); pass a content-security-policy header to replace the default page policy (Turnstile pages do). */
export function htmlResponse(page: string | Uint8Array<ArrayBuffer>, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(page, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache", ...headers } });
}
