import { bodyText } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import { BROWSER_USER_AGENT, probedCrawlers } from "../crawlers.ts";
import type { ProbeArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";
import { rawTitle, rawWordCount } from "./raw-html.ts";

/** Enough of the page to compare what crawlers and a browser are served, without holding many copies of a large page. */
export const PROBE_MAX_BYTES = 1024 * 1024;

/** Headers that reveal bot protection or a CDN; the rest are not kept. */
const KEPT_HEADERS = [
  "server",
  "content-type",
  "cf-mitigated",
  "cf-ray",
  "x-amz-cf-id",
  "x-served-by",
  "x-cache",
  "via",
  "x-sucuri-id",
  "x-datadome",
  "x-iinfo",
  "x-akamai-transformed",
  "akamai-grn",
  "retry-after",
  "www-authenticate",
  "crawler-price",
  "x-robots-tag",
];

/** Bodies of the common bot-protection interstitials. */
const CHALLENGE_MARKERS: [RegExp, string][] = [
  [/<title>\s*Just a moment\.\.\.\s*<\/title>/i, "Cloudflare challenge (\"Just a moment...\")"],
  [/Attention Required! \| Cloudflare/i, "Cloudflare block page"],
  [/\/cdn-cgi\/challenge-platform\//i, "Cloudflare challenge script"],
  [/_Incapsula_Resource/i, "Imperva Incapsula challenge"],
  // The vendors' own script hosts (js.datadome.co, client.perimeterx.net) load on pages they let through too.
  [/captcha-delivery\.com/i, "DataDome challenge"],
  [/px-captcha/i, "HUMAN (PerimeterX) challenge"],
  [/sgcaptcha|\.well-known\/sgcaptcha/i, "SiteGround captcha"],
  [/Checking your browser before accessing/i, "browser check interstitial"],
  [/<title>\s*Access denied\s*<\/title>/i, "\"Access denied\" page"],
];

/** Fetches `url` as each major AI crawler and as a browser, in parallel (the fetcher bounds concurrency). Never throws. */
export function gatherProbes(context: Pick<ScanContext, "fetcher" | "signal">, url: string): Promise<ProbeArtifact[]> {
  const agents = [{ agent: "browser", userAgent: BROWSER_USER_AGENT }, ...probedCrawlers().map((crawler) => ({ agent: crawler.token, userAgent: crawler.userAgent! }))];
  return Promise.all(agents.map((agent) => probe(context, url, agent.agent, agent.userAgent)));
}

async function probe(context: Pick<ScanContext, "fetcher" | "signal">, url: string, agent: string, userAgent: string): Promise<ProbeArtifact> {
  try {
    const response = await context.fetcher.fetch(url, {
      signal: context.signal,
      userAgent,
      maxBytes: PROBE_MAX_BYTES,
      headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" },
    });
    const html = bodyText(response);
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) if (response.headers[name] !== undefined) headers[name] = response.headers[name]!.slice(0, 200);
    return {
      agent,
      userAgent,
      url,
      ok: true,
      status: response.status,
      finalUrl: response.finalUrl,
      headers,
      bytes: response.body.byteLength,
      truncated: response.truncated,
      words: rawWordCount(html),
      title: rawTitle(html),
      challengeMarker: CHALLENGE_MARKERS.find(([pattern]) => pattern.test(html.slice(0, 64 * 1024)))?.[1] ?? null,
    };
  } catch (caught) {
    return { agent, userAgent, url, ok: false, error: gatherErrorFrom(caught, url) };
  }
}
