import { parseLlmsTxt } from "../derive/llms-txt-document.ts";

/** How many of llms.txt's own-site links the scan checks: enough to catch a stale file, few enough to stay light. */
export const LLMS_LINKS_CHECKED = 3;

/**
 * The first few links of the file that point to the site itself (same host, or its www. twin). Links in
 * the "Optional" section are left out: the proposal lets readers skip them when they need a shorter
 * context, so they are not checked like the links the file relies on.
 */
export function siteLinksToCheck(text: string, base: string, domain: string): string[] {
  const own = (host: string) => host === domain || host === `www.${domain}` || `www.${host}` === domain;
  const urls = parseLlmsTxt(text, base)
    .links.filter((link) => !link.optional)
    .map((link) => link.href)
    .filter((url): url is string => url !== null && /^https?:/.test(url) && own(new URL(url).hostname));
  return [...new Set(urls)].slice(0, LLMS_LINKS_CHECKED);
}
