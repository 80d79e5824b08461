/**
 * Whether a Markdown file (llms.txt, llms-full.txt) is served with a text Content-Type. Agents and
 * their HTTP libraries go by the header: text/html makes them run an HTML-to-text conversion over
 * Markdown (or skip the file as a web page), and a binary type makes them skip it as a download.
 */

export interface ContentTypeProblem {
  /** The Content-Type header as sent. */
  header: string;
  /** What is wrong, in words, quoting the header: "served with `Content-Type: …`, …". */
  problem: string;
  /** How to fix it, for this file. */
  fix: string;
}

/** Media types the file may carry: any text type but HTML (text/plain and text/markdown are the usual ones). */
export function isTextMediaType(mediaType: string): boolean {
  return mediaType.startsWith("text/") && mediaType !== "text/html";
}

/** The problem with a Markdown file's Content-Type, or null when it is a text type (or absent). */
export function contentTypeProblem(url: string, header: string | null): ContentTypeProblem | null {
  if (!header) return null;
  const mediaType = header.split(";")[0]!.trim().toLowerCase();
  if (isTextMediaType(mediaType)) return null;
  const why = mediaType === "text/html" ? "although its body is Markdown, not an HTML page" : "a type agents do not read as text";
  return {
    header,
    problem: `served with \`Content-Type: ${header}\`, ${why}; serve it as text/plain or text/markdown`,
    fix: `Serve ${url} with \`Content-Type: text/plain; charset=utf-8\` (or \`text/markdown; charset=utf-8\`) instead of \`${header}\`: set the type for this path in the web server, CDN or framework route that serves it.`,
  };
}
