/** Markdown links `[name](url)` of an llms.txt, resolved against the file's URL. */
export function markdownLinks(text: string, base: string): { name: string; url: string }[] {
  const links: { name: string; url: string }[] = [];
  for (const match of text.matchAll(/\[([^\]\n]*)\]\(\s*([^)\s]+)(?:\s+"[^"]*")?\s*\)/g)) {
    try {
      links.push({ name: match[1]!.trim(), url: new URL(match[2]!, base).href });
    } catch {
      // Not a URL: the llms-txt audit reports it.
    }
  }
  return links;
}

/** How many of llms.txt's own-site links the scan checks: enough to catch a stale file, few enough to stay light. */
export const LLMS_LINKS_CHECKED = 3;

/** The first few links of the file that point to the site itself (same host, or its www. twin). */
export function siteLinksToCheck(text: string, base: string, domain: string): string[] {
  const own = (host: string) => host === domain || host === `www.${domain}` || `www.${host}` === domain;
  const urls = markdownLinks(text, base)
    .map((link) => link.url)
    .filter((url) => /^https?:/.test(url) && own(new URL(url).hostname));
  return [...new Set(urls)].slice(0, LLMS_LINKS_CHECKED);
}
