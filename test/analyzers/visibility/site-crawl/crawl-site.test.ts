import { afterEach, describe, expect, test } from "bun:test";
import { gatherHomepage } from "../../../../src/analyzers/visibility/gather/homepage.ts";
import { fetchRobotsTxt } from "../../../../src/analyzers/visibility/gather/robots-txt.ts";
import { CRAWL_DELAY_MAX_SECONDS } from "../../../../src/analyzers/visibility/gather/site-crawl/crawl-robots.ts";
import { PAGE_MAX_BYTES } from "../../../../src/analyzers/visibility/gather/site-crawl/crawl-page.ts";
import { crawlSite, type SiteCrawlOptions } from "../../../../src/analyzers/visibility/gather/site-crawl/crawl-site.ts";
import type { PageReader } from "../../../../src/analyzers/visibility/gather/site-crawl/page-reader.ts";
import { DISCOVERY_MAX_URLS } from "../../../../src/analyzers/visibility/gather/site-crawl/site-discovery.ts";
import { probesPerTemplate } from "../../../../src/analyzers/visibility/gather/site-crawl/template-probes.ts";
import type { PageHtmlFacts, SiteCrawlArtifact } from "../../../../src/analyzers/visibility/gather/site-crawl-artifact.ts";
import { gatherSitemap } from "../../../../src/analyzers/visibility/gather/sitemap.ts";
import { LLMS_TXT_MAX_BYTES, fetchTextFile } from "../../../../src/analyzers/visibility/gather/text-file.ts";
import { parseConnectTo } from "../../../../src/net/connect-to.ts";
import { byteBudget } from "../../../../src/net/byte-budget.ts";
import { createSafeFetcher } from "../../../../src/net/safe-fetch.ts";
import { type FixtureSite, endlessBody, hugeBody, redirectLoop, startFixtureSite, testCaPem } from "../../../helpers/fixture-server.ts";
import { templateSite } from "../../../helpers/template-site.ts";

const HOST = "crawl.secure.test";
const ORIGIN = `https://${HOST}`;
const USER_AGENT = "Mozilla/5.0 (compatible; sightline/test; +https://sightline.test/)";

/** A small reader, standing in for derive/page-facts.ts: the title, words outside tags, an app shell, meta robots. */
const readPage: PageReader = (page) => {
  const title = /<title>([^<]*)<\/title>/i.exec(page.html)?.[1] ?? null;
  const words = page.html.replace(/<script[\s\S]*?<\/script>/gi, " ").replace(/<[^>]*>/g, " ").split(/\s+/).filter(Boolean).length;
  const robots = /<meta name="robots" content="([^"]*)"/i.exec(page.html)?.[1];
  const types = [...page.html.matchAll(/"@type":"(\w+)"/g)].map((match) => match[1]!);
  const facts: PageHtmlFacts = {
    title,
    description: null,
    h1: /<h1>([^<]*)<\/h1>/i.exec(page.html)?.[1] ?? null,
    lang: /<html lang="([^"]*)"/i.exec(page.html)?.[1] ?? null,
    canonical: /<link rel="canonical" href="([^"]*)"/i.exec(page.html)?.[1] ?? null,
    metaDirectives: robots ? [{ scope: "robots", directive: robots }] : [],
    words,
    appShell: /<div id="root"><\/div>/.test(page.html) && words < 20,
    softNotFound: false,
    structuredData: { types: [...new Set(types.filter((type) => type !== "Person"))], errors: 0, examples: [] },
    article: null,
    openGraph: { title: true, description: true, image: true, type: null },
  };
  return facts;
};

const sites: FixtureSite[] = [];
afterEach(async () => {
  for (const site of sites.splice(0)) await site.stop();
});

async function serve(handler: (request: Request) => Response | Promise<Response>, host = HOST) {
  const site = await startFixtureSite(handler, { tls: true });
  sites.push(site);
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(host)]), timeoutMs: 3_000, maxBytes: 2 * 1024 * 1024, userAgent: USER_AGENT, extraCaPem: testCaPem() });
  return { site, fetcher };
}

/** What the scan has gathered when it calls the crawl: the homepage, robots.txt, the sitemap and llms.txt. */
async function crawl(handler: (request: Request) => Response | Promise<Response>, options: Omit<SiteCrawlOptions, "readPage">, signal = AbortSignal.timeout(60_000)) {
  const { site, fetcher } = await serve(handler);
  const context = { domain: HOST, fetcher, signal };
  const homepage = await gatherHomepage(context);
  const robotsTxt = await fetchRobotsTxt(context, ORIGIN);
  const sitemap = await gatherSitemap(context, `${ORIGIN}/sitemap.xml`, "default");
  const llmsTxt = [await fetchTextFile(context, `${ORIGIN}/llms.txt`, LLMS_TXT_MAX_BYTES)];
  const before = site.requests.length;
  const artifact = await crawlSite(context, { homepage, robotsTxt, sitemap, llmsTxt }, { readPage, ...options });
  return { artifact, site, requests: site.requests.slice(before) };
}

const templatesOf = (artifact: SiteCrawlArtifact) => Object.fromEntries(artifact.templates.map((entry) => [entry.template, [entry.discovered, entry.sampled]]));
const sightlineRequests = (requests: FixtureSite["requests"]) => requests.filter((request) => request.headers["user-agent"] === USER_AGENT);

describe("crawlSite on a site of six templates", () => {
  test("finds every template with its size, samples every page within the budget, and reads each one", async () => {
    const built = templateSite({ host: HOST });
    const { artifact } = await crawl(built.handler, { pages: 400, templateProbes: 0 });
    expect(templatesOf(artifact)).toEqual({
      "/blog/<slug>": [100, 100],
      "/products/<id>": [60, 60],
      "/docs/<slug>": [50, 50],
      "/tag/<name>": [30, 30],
      "/old/<id>": [30, 30],
      "/guides/<slug>": [30, 30],
      "/": [1, 1],
    });
    expect(artifact.pages).toHaveLength(301);
    expect(artifact.pages[0]).toMatchObject({ url: `${ORIGIN}/`, template: "/", source: "homepage", fetch: { ok: true, status: 200 } });
    expect(artifact.cut).toBeNull();
    expect(artifact.discovered).toEqual({ total: 301, sitemap: expect.any(Number), links: expect.any(Number), llmsTxt: expect.any(Number), capped: false });
    expect(artifact.discovered.sitemap + artifact.discovered.links + artifact.discovered.llmsTxt).toBe(300);
    expect(artifact.politeness).toEqual({ group: "*", crawlDelaySeconds: null, disallowed: 0 });

    const of = (template: string) => artifact.pages.filter((page) => page.template === template);
    expect(of("/blog/<slug>").filter((page) => page.html?.appShell)).toHaveLength(25);
    expect(of("/tag/<name>").every((page) => page.html?.metaDirectives.some((entry) => entry.directive === "noindex"))).toBe(true);
    expect(of("/products/<id>").every((page) => page.html?.structuredData.types.includes("Product"))).toBe(true);
    for (const page of of("/old/<id>")) {
      expect(page.fetch).toMatchObject({ ok: true, status: 404, redirects: [{ url: page.url, status: 301 }] });
      expect(page.html).toBeUndefined();
    }
    expect(of("/guides/<slug>").every((page) => page.fetch.ok && page.fetch.status === 200 && page.html && !page.html.appShell)).toBe(true);
    // Each page is listed once.
    expect(new Set(artifact.pages.map((page) => page.url)).size).toBe(301);
  });

  test("a smaller budget samples every template, in proportion to its size, the homepage first", async () => {
    const built = templateSite({ host: HOST });
    const progress: { done: number; total: number }[] = [];
    const { artifact, requests } = await crawl(built.handler, { pages: 31, templateProbes: 0, onProgress: (update) => progress.push(update) });
    expect(artifact.pages).toHaveLength(31);
    expect(artifact.pages[0]!.template).toBe("/");
    // 30 pages over 300 URLs: one page in ten of each template.
    expect(templatesOf(artifact)).toEqual({
      "/blog/<slug>": [100, 10],
      "/products/<id>": [60, 6],
      "/docs/<slug>": [50, 5],
      "/tag/<name>": [30, 3],
      "/old/<id>": [30, 3],
      "/guides/<slug>": [30, 3],
      "/": [1, 1],
    });
    // Spread over the template: every 4th article is an app shell, so are about a quarter of the sample.
    const shells = artifact.pages.filter((page) => page.html?.appShell);
    const built4th = artifact.pages.filter((page) => page.template === "/blog/<slug>" && Number(/field-notes-(\d+)/.exec(page.url)![1]) % 4 === 0);
    expect(shells.map((page) => page.url)).toEqual(built4th.map((page) => page.url));
    expect(shells.length).toBeGreaterThanOrEqual(2);
    expect(shells.length).toBeLessThanOrEqual(4);
    expect(progress.at(-1)).toEqual({ done: 31, total: 31 });
    // The homepage is never fetched again; no page twice.
    const pagePaths = sightlineRequests(requests).map((request) => request.path).filter((path) => !/\.(?:xml|gz|txt)$/.test(path));
    expect(pagePaths).not.toContain("/");
    expect(new Set(pagePaths).size).toBe(pagePaths.length);
  });

  test("more templates than budget: the largest are represented", async () => {
    const built = templateSite({ host: HOST });
    const { artifact } = await crawl(built.handler, { pages: 4, templateProbes: 0 });
    expect(artifact.pages.map((page) => page.template)).toEqual(["/", "/blog/<slug>", "/products/<id>", "/docs/<slug>"]);
  });

  test("one page of each of the largest templates is probed as each AI platform's agents", async () => {
    const built = templateSite({ host: HOST });
    const { artifact, requests } = await crawl(built.handler, { pages: 20, templateProbes: 3 });
    expect(artifact.templateProbes.map((entry) => entry.template)).toEqual(["/blog/<slug>", "/products/<id>", "/docs/<slug>"]);
    for (const entry of artifact.templateProbes) {
      expect(entry.probes).toHaveLength(probesPerTemplate());
      expect(entry.probes.every((probe) => probe.ok && probe.status === 200 && probe.url === entry.url)).toBe(true);
      expect(artifact.pages.find((page) => page.url === entry.url)?.html).toBeDefined();
    }
    // The probes judge access, so the docs page is fetched as OAI-SearchBot though robots.txt keeps it out.
    const docsProbe = artifact.templateProbes[2]!;
    expect(requests.some((request) => request.path === new URL(docsProbe.url).pathname && /OAI-SearchBot/.test(request.headers["user-agent"] ?? ""))).toBe(true);
    expect(artifact.spent.requests).toBeLessThanOrEqual(artifact.budget.requests);
  });
});

describe("crawlSite is polite", () => {
  test("robots.txt for sightline (the * group) is obeyed: a closed section is never fetched, its template still listed", async () => {
    const built = templateSite({ host: HOST, privatePages: 5 });
    const { artifact, requests } = await crawl(built.handler, { pages: 400, templateProbes: 2 });
    expect(requests.some((request) => request.path.startsWith("/private/"))).toBe(false);
    expect(artifact.politeness).toEqual({ group: "*", crawlDelaySeconds: null, disallowed: 5 });
    const privates = artifact.pages.filter((page) => page.template === "/private/<id>");
    // A template closed to sightline is sampled once, as skipped.
    expect(privates).toEqual([{ url: `${ORIGIN}/private/900`, template: "/private/<id>", source: "link", fetch: { ok: false, skipped: "robots" } }]);
    expect(artifact.cut).toBeNull();
  });

  test("a group naming sightline is the one obeyed, not *", async () => {
    const built = templateSite({ host: HOST, privatePages: 2, sightlineRules: ["Disallow: /guides/"] });
    const { artifact, requests } = await crawl(built.handler, { pages: 400, templateProbes: 0 });
    expect(artifact.politeness.group).toBe("sightline");
    expect(sightlineRequests(requests).some((request) => request.path.startsWith("/guides/"))).toBe(false);
    // sightline's own group does not close /private/, so it is read.
    expect(requests.some((request) => request.path.startsWith("/private/"))).toBe(true);
    expect(artifact.pages.filter((page) => page.template === "/guides/<slug>").map((page) => page.fetch)).toEqual([{ ok: false, skipped: "robots" }]);
  });

  test("a redirect into a closed section is not followed", async () => {
    const built = templateSite({ host: HOST, privatePages: 1 });
    const handler = (request: Request) =>
      new URL(request.url).pathname === "/moved" ? new Response(null, { status: 301, headers: { location: "/private/900" } }) : built.handler(request);
    const withLink = (request: Request) => {
      if (new URL(request.url).pathname !== "/") return handler(request);
      return new Response(`<!doctype html><html lang="en"><title>Home</title><a href="/moved">moved</a>`, { headers: { "content-type": "text/html" } });
    };
    const { artifact, requests } = await crawl(withLink, { pages: 400, templateProbes: 0 });
    expect(requests.some((request) => request.path.startsWith("/private/"))).toBe(false);
    expect(artifact.pages.find((page) => page.url === `${ORIGIN}/moved`)?.fetch).toEqual({ ok: false, skipped: "robots" });
  });

  test("the request budget holds, counted on the server, and the pages past it say so", async () => {
    const built = templateSite({ host: HOST });
    const { artifact, requests } = await crawl(built.handler, { pages: 100, requests: 30, templateProbes: 2 });
    expect(sightlineRequests(requests).length + requests.filter((request) => request.headers["user-agent"] !== USER_AGENT).length).toBeLessThanOrEqual(30);
    expect(artifact.spent.requests).toBe(requests.length);
    expect(artifact.cut).toBe("requests");
    const skipped = artifact.pages.filter((page) => !page.fetch.ok && "skipped" in page.fetch && page.fetch.skipped === "requests");
    expect(skipped.length).toBeGreaterThan(50);
    // Too few requests were left for a template's probes.
    expect(artifact.templateProbes).toEqual([]);
  });

  test("the byte budget holds: bodies are cut at what is left, and the pages past it are skipped", async () => {
    const built = templateSite({ host: HOST });
    const { artifact } = await crawl(built.handler, { pages: 100, bytes: 60_000, templateProbes: 0 });
    expect(artifact.spent.bytes).toBeLessThanOrEqual(60_000);
    expect(artifact.cut).toBe("bytes");
    expect(artifact.pages.some((page) => !page.fetch.ok && "skipped" in page.fetch && page.fetch.skipped === "bytes")).toBe(true);
  });

  test("the scan's own byte budget (SCAN_MEMORY_MB) bounds what the crawl holds, not what it reads: each page read is given back", async () => {
    const built = templateSite({ host: HOST, scale: 0.2 });
    const site = await startFixtureSite(built.handler, { tls: true });
    sites.push(site);
    const budget = byteBudget(80_000);
    const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(HOST)]), timeoutMs: 3_000, maxBytes: 2 * 1024 * 1024, userAgent: USER_AGENT, extraCaPem: testCaPem(), budget });
    const context = { domain: HOST, fetcher, signal: AbortSignal.timeout(30_000) };
    const homepage = await gatherHomepage(context);
    const robotsTxt = await fetchRobotsTxt(context, ORIGIN);
    const heldBefore = budget.usedBytes;
    const artifact = await crawlSite(context, { homepage, robotsTxt }, { pages: 40, templateProbes: 0, readPage });
    // The crawl read far more than the scan may hold at once, cut nothing, and holds nothing it read.
    expect(artifact.spent.bytes).toBeGreaterThan(80_000);
    expect(artifact.cut).toBeNull();
    expect(artifact.pages.every((page) => !page.fetch.ok || page.fetch.cut === undefined)).toBe(true);
    expect(budget.usedBytes).toBe(heldBefore);
  });

  test("a page larger than what the scan may still hold is cut there, and the crawl says so", async () => {
    const built = templateSite({ host: HOST, scale: 0.2 });
    const site = await startFixtureSite((request) => (new URL(request.url).pathname === "/guides/guide-number-0" ? new Response(`<!doctype html><title>Big</title><p>${"word ".repeat(40_000)}</p>`, { headers: { "content-type": "text/html" } }) : built.handler(request)), { tls: true });
    sites.push(site);
    const fetcher = createSafeFetcher({ connectTo: parseConnectTo([site.connectTo(HOST)]), timeoutMs: 3_000, maxBytes: 2 * 1024 * 1024, userAgent: USER_AGENT, extraCaPem: testCaPem(), budget: byteBudget(80_000) });
    const context = { domain: HOST, fetcher, signal: AbortSignal.timeout(30_000) };
    const homepage = await gatherHomepage(context);
    const robotsTxt = await fetchRobotsTxt(context, ORIGIN);
    const artifact = await crawlSite(context, { homepage, robotsTxt }, { pages: 40, templateProbes: 0, readPage });
    const big = artifact.pages.find((page) => page.url.endsWith("/guides/guide-number-0"))!;
    expect(big.fetch.ok && big.fetch.cut === "bytes" && big.fetch.truncated).toBe(true);
    expect(artifact.cut).toBe("bytes");
  });

  test("Crawl-delay: one request at a time, starts at least the delay apart (read on the server's log)", async () => {
    const built = templateSite({ host: HOST, crawlDelay: 0.25, scale: 0.04 });
    const arrivals: number[] = [];
    let open = 0;
    let peak = 0;
    const handler = async (request: Request) => {
      arrivals.push(performance.now());
      open++;
      peak = Math.max(peak, open);
      await Bun.sleep(10);
      open--;
      return built.handler(request);
    };
    const { artifact } = await crawl(handler, { pages: 8, templateProbes: 0, concurrency: 4 });
    expect(artifact.politeness.crawlDelaySeconds).toBe(0.25);
    const crawlArrivals = arrivals.slice(-artifact.spent.requests);
    expect(crawlArrivals.length).toBeGreaterThanOrEqual(7);
    for (let index = 1; index < crawlArrivals.length; index++) expect(crawlArrivals[index]! - crawlArrivals[index - 1]!).toBeGreaterThanOrEqual(250);
    expect(peak).toBe(1);
  });

  test("a Crawl-delay above the cap is applied at the cap", async () => {
    const built = templateSite({ host: HOST, crawlDelay: 3600, scale: 0.02 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 300);
    const { artifact } = await crawl(built.handler, { pages: 5, templateProbes: 0 }, controller.signal);
    expect(artifact.politeness.crawlDelaySeconds).toBe(CRAWL_DELAY_MAX_SECONDS);
    expect(artifact.cut).toBe("deadline");
    expect(artifact.pages.some((page) => !page.fetch.ok && "skipped" in page.fetch && page.fetch.skipped === "deadline")).toBe(true);
  });

  test("without a Crawl-delay, at most `concurrency` requests are open at once", async () => {
    const built = templateSite({ host: HOST, scale: 0.2 });
    let open = 0;
    let peak = 0;
    const handler = async (request: Request) => {
      open++;
      peak = Math.max(peak, open);
      await Bun.sleep(15);
      open--;
      return built.handler(request);
    };
    const { artifact } = await crawl(handler, { pages: 40, templateProbes: 0, concurrency: 3 });
    expect(artifact.pages.length).toBe(40);
    expect(peak).toBe(3);
  });
});

describe("crawlSite's sources", () => {
  test("robots.txt that fails (5xx) closes every page but the homepage, as RFC 9309 reads it", async () => {
    const built = templateSite({ host: HOST, scale: 0.1 });
    const handler = (request: Request) => (new URL(request.url).pathname === "/robots.txt" ? new Response("down", { status: 503 }) : built.handler(request));
    const { artifact, requests } = await crawl(handler, { pages: 50, templateProbes: 0 });
    const pageRequests = sightlineRequests(requests).filter((request) => !/\.(?:xml|gz|txt)$/.test(request.path));
    expect(pageRequests).toEqual([]);
    expect(artifact.politeness.group).toBeNull();
    expect(artifact.pages.slice(1).every((page) => !page.fetch.ok && "skipped" in page.fetch && page.fetch.skipped === "robots")).toBe(true);
    // One page per template, each said to be kept out.
    expect(artifact.pages.length).toBe(1 + artifact.templates.length - 1);
  });

  test("a homepage that redirects to /en/ is still page one, of the template \"/\"", async () => {
    const handler = (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === "/") return new Response(null, { status: 301, headers: { location: "/en/" } });
      if (path === "/en/") return new Response(`<!doctype html><html lang="en"><title>Home</title>${[1, 2, 3, 4].map((n) => `<a href="/en/blog/post-number-${n}">p</a>`).join("")}`, { headers: { "content-type": "text/html" } });
      if (path.startsWith("/en/blog/")) return new Response(`<!doctype html><html lang="en"><title>Post</title><p>Words.</p>`, { headers: { "content-type": "text/html" } });
      return new Response("no", { status: 404 });
    };
    const { artifact } = await crawl(handler, { pages: 10, templateProbes: 0 });
    expect(artifact.pages[0]).toMatchObject({ url: `${ORIGIN}/`, template: "/", source: "homepage", fetch: { ok: true, finalUrl: `${ORIGIN}/en/`, redirects: [{ url: `${ORIGIN}/`, status: 301 }] } });
    expect(templatesOf(artifact)).toEqual({ "/<lang>/blog/<slug>": [4, 4], "/": [1, 1] });
  });

  test("a homepage that failed leaves nothing to crawl: no request is sent", async () => {
    const fetcher = { fetch: () => Promise.reject(new Error("the crawl must not fetch")) };
    const error = { code: "connect" as const, message: "refused", url: `${ORIGIN}/` };
    const artifact = await crawlSite(
      { fetcher, signal: new AbortController().signal },
      { homepage: { ok: false, error, failedAttempts: [error] }, robotsTxt: { ok: false, url: `${ORIGIN}/robots.txt`, error: { ...error, code: "skipped" } } },
      { pages: 10, readPage },
    );
    expect(artifact.pages).toEqual([{ url: `${ORIGIN}/`, template: "/", source: "homepage", fetch: { ok: false, error } }]);
    expect(artifact.spent.requests).toBe(0);
  });

  test("llms.txt links are a source; a Sitemap line on another host is not read", async () => {
    const built = templateSite({ host: HOST, scale: 0.1 });
    const handler = (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === "/robots.txt") return new Response(`User-agent: *\nAllow: /\nSitemap: https://elsewhere.secure.test/sitemap.xml\n`, { headers: { "content-type": "text/plain" } });
      if (path === "/sitemap.xml") return new Response("gone", { status: 404 });
      if (path === "/") return new Response(`<!doctype html><html lang="en"><title>Home</title><p>No links.</p>`, { headers: { "content-type": "text/html" } });
      return built.handler(request);
    };
    const { artifact, requests } = await crawl(handler, { pages: 50, templateProbes: 0 });
    expect(requests.some((request) => request.headers.host === "elsewhere.secure.test")).toBe(false);
    // llms.txt lists 5 guides (3 at this scale); their pages link on to the next guides.
    expect(artifact.discovered.llmsTxt).toBe(3);
    expect(artifact.discovered.sitemap).toBe(0);
    expect(artifact.pages.filter((page) => page.source === "llms-txt").length).toBe(3);
    expect(artifact.templates.map((entry) => entry.template)).toContain("/guides/<slug>");
  });
});

describe("crawlSite is bounded on hostile sites", () => {
  const home = (links: string[]) => new Response(`<!doctype html><html lang="en"><title>Home</title>${links.map((link) => `<a href="${link}">x</a>`).join("")}`, { headers: { "content-type": "text/html" } });

  /** A urlset of `count` URLs, generated as it is read. */
  function millionSitemap(count: number): ReadableStream<BufferSource> {
    const encoder = new TextEncoder();
    let next = 0;
    return new ReadableStream({
      pull(controller) {
        if (next === 0) controller.enqueue(encoder.encode(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`));
        if (next >= count) {
          controller.enqueue(encoder.encode("</urlset>"));
          return controller.close();
        }
        const end = Math.min(count, next + 2000);
        let chunk = "";
        for (; next < end; next++) chunk += `<url><loc>${ORIGIN}/item/${next}</loc></url>`;
        controller.enqueue(encoder.encode(chunk));
      },
    });
  }

  for (const gzip of [false, true]) {
    test(`a sitemap of a million URLs${gzip ? " (gzip)" : ""} ends within budget, discovery capped`, async () => {
      const handler = (request: Request) => {
        const path = new URL(request.url).pathname;
        if (path === "/") return home([]);
        if (path === "/sitemap.xml") {
          const body = millionSitemap(1_000_000);
          return gzip ? new Response(body.pipeThrough(new CompressionStream("gzip")), { headers: { "content-type": "application/gzip" } }) : new Response(body, { headers: { "content-type": "application/xml" } });
        }
        if (path.startsWith("/item/")) return home([]);
        return new Response("no", { status: 404 });
      };
      const { artifact } = await crawl(handler, { pages: 20, templateProbes: 0 });
      expect(artifact.discovered.capped).toBe(true);
      expect(artifact.discovered.total).toBeGreaterThan(DISCOVERY_MAX_URLS);
      expect(artifact.templates[0]).toMatchObject({ template: "/item/<id>", discovered: DISCOVERY_MAX_URLS - 1, sampled: 19 });
      expect(artifact.pages).toHaveLength(20);
      expect(artifact.spent.bytes).toBeLessThanOrEqual(artifact.budget.bytes);
      expect(artifact.cut).toBeNull();
    }, 30_000);
  }

  test("a robots.txt of 20,000 rules is asked about the picked pages only, not every URL found", async () => {
    // Each question to such a file takes milliseconds; asked of all 5,000 URLs the crawl took about 45 s.
    const rules = Array.from({ length: 20_000 }, (_, index) => `Disallow: /p${index}/*x$`).join("\n");
    const handler = (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === "/robots.txt") return new Response(`User-agent: *\n${rules}\nDisallow: /item/13\n`, { headers: { "content-type": "text/plain" } });
      if (path === "/sitemap.xml") {
        const locs = Array.from({ length: 5000 }, (_, index) => `<url><loc>${ORIGIN}/item/${index}</loc></url>`).join("");
        return new Response(`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs}</urlset>`, { headers: { "content-type": "application/xml" } });
      }
      return home([]);
    };
    const { artifact, requests } = await crawl(handler, { pages: 20, templateProbes: 0 });
    expect(artifact.pages).toHaveLength(20);
    expect(artifact.politeness.disallowed).toBeLessThanOrEqual(1);
    expect(requests.some((request) => request.path === "/item/13")).toBe(false);
  }, 20_000);

  test("an endless link maze ends at the page budget, a bounded number of links deep", async () => {
    const handler = (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === "/") return home(["/maze/1"]);
      const n = Number(/^\/maze\/(\d+)$/.exec(path)?.[1] ?? Number.NaN);
      if (!Number.isFinite(n)) return new Response("no", { status: 404 });
      return home([1, 2, 3].map((step) => `/maze/${n * 3 + step}`));
    };
    const { artifact, requests } = await crawl(handler, { pages: 30, templateProbes: 0 });
    expect(artifact.pages.length).toBeLessThanOrEqual(30);
    expect(sightlineRequests(requests).filter((request) => request.path.startsWith("/maze/")).length).toBe(artifact.pages.length - 1);
    expect(artifact.templates[0]!.template).toBe("/maze/<id>");
  });

  test("a redirect loop, a huge page and an endless page are each bounded and said so", async () => {
    const loop = redirectLoop("/loop/a", "/loop/b");
    const huge = hugeBody(50 * 1024 * 1024);
    const endless = endlessBody();
    const handler = (request: Request) => {
      const path = new URL(request.url).pathname;
      if (path === "/") return home(["/loop/a", "/huge/page", "/endless/page"]);
      const route = loop[path];
      if (typeof route === "function") return route(request);
      if (path === "/huge/page") return typeof huge === "function" ? huge(request) : new Response(huge);
      if (path === "/endless/page") return typeof endless === "function" ? endless(request) : new Response(endless);
      return new Response("no", { status: 404 });
    };
    const { artifact } = await crawl(handler, { pages: 10, templateProbes: 0 });
    const byUrl = (path: string) => artifact.pages.find((page) => page.url === `${ORIGIN}${path}`)!.fetch;
    expect(byUrl("/loop/a")).toMatchObject({ ok: false, error: { code: "too-many-redirects" } });
    expect(byUrl("/huge/page")).toMatchObject({ ok: true, status: 200, bytes: PAGE_MAX_BYTES, truncated: true });
    expect(byUrl("/endless/page")).toMatchObject({ ok: false, error: { code: "timeout" } });
  });
});
