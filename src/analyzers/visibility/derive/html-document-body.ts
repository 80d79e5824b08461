/**
 * Is this body an HTML page rather than a text file? Judged by the body, not the Content-Type: a soft 404
 * or a single-page app's fallback answers /llms.txt with the site's HTML (whatever header it sends), while
 * a real Markdown file is sometimes mislabelled text/html by the server.
 */
export function isHtmlDocumentBody(text: string): boolean {
  const start = text.replace(/^\uFEFF/, "").trimStart().slice(0, 4096);
  if (!start.startsWith("<")) return false;
  // A page's own opening tags, or a leading comment or fragment followed by them.
  if (/^<(?:!doctype\s+html|html|head|body|meta|title|script|link|style|div|main|noscript)\b/i.test(start)) return true;
  return /<(?:html|head|body)[\s>]/i.test(start);
}
