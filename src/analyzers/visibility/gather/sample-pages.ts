import { bodyText } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import type { HomepageResponse, SamplePageArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";
import { rawLinks } from "./raw-html.ts";

export const SAMPLE_PAGE_MAX_BYTES = 1024 * 1024;
/** Other pages sampled besides the about, contact and privacy pages. */
const CONTENT_PAGES = 2;

type Role = SamplePageArtifact["role"];

const ROLE_PATTERNS: [Exclude<Role, "content">, RegExp][] = [
  ["about", /\b(about|about[-_ ]?us|who[-_ ]we[-_ ]are|company|team|über[-_ ]uns|a[-_ ]propos|quienes[-_ ]somos|chi[-_ ]siamo)\b/i],
  ["contact", /\b(contact|contact[-_ ]us|kontakt|contacto|contatti|impressum|imprint)\b/i],
  ["privacy", /\b(privacy|privacy[-_ ]policy|datenschutz|privacidad|confidentialit[eé]|gdpr)\b/i],
];

/** Links that lead away from pages: files, feeds, mail, script. */
export const NOT_A_PAGE = /\.(?:pdf|jpe?g|png|gif|svg|webp|avif|zip|gz|mp4|mp3|css|js|json|xml|rss|atom|ico|woff2?)(?:$|[?#])/i;

/** The pages to sample: about, contact and privacy when linked, then the first other internal pages. */
export function pickSamplePages(homepage: HomepageResponse): { url: string; role: Role }[] {
  const base = new URL(homepage.finalUrl);
  const picked = new Map<string, Role>();
  const others: string[] = [];
  for (const link of rawLinks(homepage.html)) {
    if (!link.href || /^(?:mailto|tel|javascript|data):/i.test(link.href) || link.href.startsWith("#")) continue;
    let url: URL;
    try {
      url = new URL(link.href, base);
    } catch {
      continue;
    }
    if (!/^https?:$/.test(url.protocol) || url.hostname !== base.hostname || NOT_A_PAGE.test(url.pathname)) continue;
    url.hash = "";
    const href = url.href;
    if (href === base.href || url.pathname === "/" || picked.has(href)) continue;
    const role = ROLE_PATTERNS.find(([, pattern]) => pattern.test(url.pathname) || pattern.test(link.text))?.[0];
    if (role && ![...picked.values()].includes(role)) picked.set(href, role);
    else if (!others.includes(href)) others.push(href);
  }
  const chosen = [...picked.entries()].map(([url, role]) => ({ url, role }));
  for (const url of others) {
    if (chosen.filter((entry) => entry.role === "content").length >= CONTENT_PAGES) break;
    if (!picked.has(url)) chosen.push({ url, role: "content" });
  }
  return chosen;
}

/** The most pages sampled: one each of about, contact and privacy, and the content pages. */
export const SAMPLE_PAGES_MAX = ROLE_PATTERNS.length + CONTENT_PAGES;

/** True when the homepage's links left a slot of the sample empty, so the sitemap may fill it. */
export function sampleHasRoom(picked: { role: Role }[]): boolean {
  return picked.length < SAMPLE_PAGES_MAX;
}

/**
 * Pages from the sitemap for the slots the homepage's links left empty: a role page whose path names an
 * unfilled role, otherwise content pages up to the usual number. Same host as the homepage only, never the
 * homepage or a page already picked, so the sample never grows past its usual size.
 */
export function pickSitemapPages(homepage: HomepageResponse, picked: { url: string; role: Role }[], sitemapUrls: string[]): { url: string; role: Role }[] {
  const base = new URL(homepage.finalUrl);
  const taken = new Set(picked.map((entry) => entry.url));
  const roles = new Set(picked.map((entry) => entry.role));
  let content = picked.filter((entry) => entry.role === "content").length;
  const added: { url: string; role: Role }[] = [];
  for (const loc of sitemapUrls) {
    if (picked.length + added.length >= SAMPLE_PAGES_MAX) break;
    if (!URL.canParse(loc)) continue;
    const url = new URL(loc);
    if (!/^https?:$/.test(url.protocol) || url.hostname !== base.hostname || url.pathname === "/" || NOT_A_PAGE.test(url.pathname)) continue;
    url.hash = "";
    if (taken.has(url.href)) continue;
    const role = ROLE_PATTERNS.find(([, pattern]) => pattern.test(url.pathname))?.[0];
    if (role && !roles.has(role)) {
      roles.add(role);
    } else if (!role && content < CONTENT_PAGES) {
      content++;
    } else continue;
    taken.add(url.href);
    added.push({ url: url.href, role: role ?? "content" });
  }
  return added;
}

/** GET each sampled page (in parallel; the fetcher bounds concurrency). Never throws. */
export function gatherSamplePages(context: Pick<ScanContext, "fetcher" | "signal">, pages: { url: string; role: Role }[], source: "homepage" | "sitemap" = "homepage"): Promise<SamplePageArtifact[]> {
  return Promise.all(
    pages.map(async ({ url, role }): Promise<SamplePageArtifact> => {
      try {
        const response = await context.fetcher.fetch(url, { signal: context.signal, maxBytes: SAMPLE_PAGE_MAX_BYTES, headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" } });
        return { url, role, source, ok: true, status: response.status, finalUrl: response.finalUrl, contentType: response.headers["content-type"] ?? null, html: bodyText(response), truncated: response.truncated };
      } catch (caught) {
        return { url, role, source, ok: false, error: gatherErrorFrom(caught, url) };
      }
    }),
  );
}
