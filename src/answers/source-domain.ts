import { parse } from "tldts";

/**
 * Where a source points: its host (without a leading "www.") and its registrable domain (the public
 * suffix plus one label, from the Public Suffix List through tldts). A Gemini grounding redirect names
 * its destination in a hint, which is used instead of the redirect's own host.
 */
export interface SourceSite {
  host: string;
  /** The registrable domain, or the host when it has none (an IP address, an unknown suffix). */
  domain: string;
}

export function sourceSite(url: string, hostHint: string | null): SourceSite | null {
  const host = hostHint !== null ? hintHost(hintCandidate(hostHint)) : urlHost(url);
  if (host === null) return null;
  return siteOfHost(host);
}

export function siteOfHost(rawHost: string): SourceSite {
  const host = withoutWww(rawHost.toLowerCase().replace(/\.$/, ""));
  const parsed = parse(host, { allowPrivateDomains: false });
  return { host, domain: parsed.domain ?? host };
}

function urlHost(url: string): string | null {
  if (!URL.canParse(url)) return null;
  const parsed = new URL(url);
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  return parsed.hostname.length > 0 ? parsed.hostname.replace(/^\[|\]$/g, "") : null;
}

/** The hint is a title such as "example.com" (or a URL); anything that is not a public host name is ignored. */
function hintCandidate(hint: string): string {
  const trimmed = hint.trim().toLowerCase();
  return /^https?:\/\//.test(trimmed) ? (urlHost(trimmed) ?? "") : trimmed;
}

function hintHost(candidate: string): string | null {
  if (candidate.length === 0 || candidate.length > 253 || !/^[\p{L}\p{N}.-]+$/u.test(candidate)) return null;
  const parsed = parse(candidate);
  if (!parsed.domain || !parsed.isIcann) return null;
  // URLs give hosts in their ASCII (punycode) form; a hint written in Unicode is brought to the same form.
  return urlHost(`http://${candidate}/`);
}

export function withoutWww(host: string): string {
  return host.startsWith("www.") && host.length > 4 ? host.slice(4) : host;
}

/**
 * Whether a source's site is the watched domain's. A registrable domain (example.com) owns its
 * subdomains (www., blog., shop.); a watched subdomain (shop.example.com) matches only itself, with or
 * without "www.".
 */
export function isSameSite(source: SourceSite, watched: SourceSite): boolean {
  if (watched.host === watched.domain) return source.domain === watched.domain;
  return source.host === watched.host;
}
