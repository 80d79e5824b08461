import { bodyText, type FetchResult } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import { BROWSER_USER_AGENT, probedCrawlers } from "../crawlers.ts";
import { signedRequestHeaders } from "../../../net/web-bot-auth.ts";
import { EDGE_VENDOR_HEADERS } from "../derive/edge-vendor.ts";
import type { ProbeArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";
import { detached, rawTextStart, rawTitle, rawWordCount } from "./raw-html.ts";

type ProbeOk = Extract<ProbeArtifact, { ok: true }>;

/**
 * How much of the page each probe reads: enough to compare what crawlers and a browser are served. The
 * probes are compared with each other only (status, challenge markers in the first 64 KiB, the title,
 * and words, every probe cut at the same point), so a page longer than this reads as the same page to
 * each of them. A dozen probes are charged to the scan's byte budget: at 1 MiB each they took 12 MB of a
 * large site's budget before its sitemap and sample pages were read.
 */
export const PROBE_MAX_BYTES = 256 * 1024;

/** Headers that reveal bot protection, a CDN, a price or a demand for a signature; the rest are not kept. */
const KEPT_HEADERS = [
  ...EDGE_VENDOR_HEADERS,
  "content-type",
  "retry-after",
  "accept-signature",
  "crawler-error",
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

/**
 * How many probes read the page at once until one of them has seen it small. Each holds up to
 * PROBE_MAX_BYTES while it reads and decodes, and twelve at once made the probes the largest part of a
 * hostile scan's memory; a few at a time cost an ordinary site one extra round trip, and none once the
 * first probe has seen that the page is small.
 */
export const PROBE_LANES = 4;
/** A body below this size lets the remaining probes run all at once. */
export const SMALL_PROBE_BYTES = 128 * 1024;

/** Fetches `url` as each major AI crawler and as a browser, a few at a time while the page may be large. Never throws. */
export function gatherProbes(context: Pick<ScanContext, "fetcher" | "signal"> & Partial<Pick<ScanContext, "probeSigning">>, url: string): Promise<ProbeArtifact[]> {
  const agents = [{ agent: "browser", userAgent: BROWSER_USER_AGENT }, ...probedCrawlers().map((crawler) => ({ agent: crawler.token, userAgent: crawler.userAgent! }))];
  const probes: ProbeArtifact[] = [];
  let next = 0;
  let running = 0;
  let lanes = PROBE_LANES;
  return new Promise((resolve) => {
    const launch = () => {
      if (next >= agents.length && running === 0) return resolve(probes);
      for (; running < lanes && next < agents.length; next++, running++) {
        const index = next;
        void probe(context, url, agents[index]!.agent, agents[index]!.userAgent).then((result) => {
          probes[index] = result;
          running--;
          // A failed probe held no body, and a small body shows the page is small: the bound has nothing left to save.
          if (!result.ok || result.bytes < SMALL_PROBE_BYTES) lanes = agents.length;
          launch();
        });
      }
    };
    launch();
  });
}

async function probe(
  context: Pick<ScanContext, "fetcher" | "signal"> & Partial<Pick<ScanContext, "probeSigning">>,
  url: string,
  agent: string,
  userAgent: string,
): Promise<ProbeArtifact> {
  try {
    // The crawler probes are signed when SIGNED_PROBES=on, so an owner can let sightline through and see what a signed agent gets; the browser's never is.
    const signing = agent !== "browser" ? context.probeSigning : undefined;
    // Each hop is signed for its own host: the signature covers @authority, so one made for the first host fails after a redirect to another.
    const signed = signing ? { hopHeaders: (hopUrl: string) => signedRequestHeaders(signing, hopUrl) } : null;
    const response = await context.fetcher.fetch(url, {
      signal: context.signal,
      userAgent,
      maxBytes: PROBE_MAX_BYTES,
      headers: { accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8" },
      ...signed,
    });
    return { agent, userAgent, url, ok: true, status: response.status, finalUrl: response.finalUrl, ...(signed ? { signed: true } : {}), ...bodyFacts(response) };
  } catch (caught) {
    return { agent, userAgent, url, ok: false, error: gatherErrorFrom(caught, url) };
  }
}

/**
 * The few facts a probe keeps of its response, taken as soon as it arrives. They hold no part of the body:
 * the text is dropped on return, and strings cut from it or from a header are copied, as a slice would keep
 * the whole string alive for as long as the artifact.
 */
function bodyFacts(response: FetchResult): Pick<ProbeOk, "headers" | "bytes" | "truncated" | "words" | "title" | "challengeMarker" | "textStart"> {
  const html = bodyText(response);
  const headers: Record<string, string> = {};
  for (const name of KEPT_HEADERS) if (response.headers[name] !== undefined) headers[name] = detached(response.headers[name]!.slice(0, 200));
  const head = html.slice(0, 64 * 1024);
  return {
    headers,
    bytes: response.body.byteLength,
    truncated: response.truncated,
    words: rawWordCount(html),
    title: rawTitle(html),
    challengeMarker: CHALLENGE_MARKERS.find(([pattern]) => pattern.test(head))?.[1] ?? null,
    textStart: rawTextStart(html),
  };
}
