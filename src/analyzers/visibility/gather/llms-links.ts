import { parseLlmsTxt } from "../derive/llms-txt-document.ts";

/**
 * How many of llms.txt's links the scan checks. Each check reads at most 4 KiB (checkLink), so the bound
 * is 20 requests and 80 KiB of the scan's budget, whatever the file lists; a file with more links is
 * checked on its first 20, the site's own first, as those are the ones it exists to point at.
 */
export const LLMS_LINKS_CHECKED = 20;

/**
 * The links the file relies on, the site's own (same host, or its www. twin) first, then links to other
 * sites. Links in the "Optional" section are left out: the proposal lets readers skip them when they need
 * a shorter context, so they are not checked like the links the file relies on.
 */
export function siteLinksToCheck(text: string, base: string, domain: string): string[] {
  const own = (host: string) => host === domain || host === `www.${domain}` || `www.${host}` === domain;
  const urls = parseLlmsTxt(text, base)
    .links.filter((link) => !link.optional)
    .map((link) => link.href)
    .filter((url): url is string => url !== null && /^https?:/.test(url));
  const unique = [...new Set(urls)];
  return [...unique.filter((url) => own(new URL(url).hostname)), ...unique.filter((url) => !own(new URL(url).hostname))].slice(0, LLMS_LINKS_CHECKED);
}
