import type { Artifacts, ProbeArtifact } from "../gather/artifacts.ts";
import type { PageFacts, SiteCrawlArtifact } from "../gather/site-crawl-artifact.ts";
import type { AiPlatform } from "../platforms.ts";
import type { PageVerdict } from "../site-record-schema.ts";
import { honoursDeclared } from "../usage-honouring.ts";
import { type DeclaredUse, declaredUse } from "./declared-use.ts";
import { type Directive, directiveEffect, headerDirectives } from "./indexing-directives.ts";
import { excerpt } from "./page-text.ts";
import { type Cause, listed, platformVerdicts, type ReadingContext } from "./platform-reach.ts";
import { compareProbeList, type ProbeComparison } from "./probe-verdicts.ts";
import { type RobotsPolicy, robotsPolicy } from "./robots/robots-policy.ts";
import { usagePolicy } from "./usage-policy/usage-policy.ts";

/**
 * The verdict on one crawled page (issue 29), from the facts the crawl kept of it: its status and
 * redirects (soft 404s included), its canonical link, what each AI platform can do with it (robots.txt
 * for its path with the deciding line, meta robots and X-Robots-Tag per agent, an app shell for agents
 * that run no JavaScript, the live probes of its template) judged by platform-reach's own rules, and
 * what its markup lacks. Findings carry stable ids; their texts speak to the page's owner.
 */

export type PageFinding = PageVerdict["findings"][number];

/** What every page of one scan is judged against: the site's robots.txt, its template probes and declared usage preferences. */
export interface SiteContext {
  robots: RobotsPolicy;
  /** The crawl's live probes, one page per template. */
  templateProbes: SiteCrawlArtifact["templateProbes"];
  /** The homepage's live probes (Artifacts.probes): they judge the homepage's own template when the crawl did not probe it. */
  homepageProbes: ProbeArtifact[] | null;
  /** The site's declared search and answers preferences per platform (Content-Signal, Content-Usage), as the homepage's reach applies them. */
  declared: (platform: AiPlatform) => DeclaredUse;
}

/** The context from a scan's artifacts and its crawl. */
export function siteContext(artifacts: Artifacts, crawl: Pick<SiteCrawlArtifact, "templateProbes">): SiteContext {
  const policy = usagePolicy(artifacts);
  return {
    robots: robotsPolicy(artifacts),
    templateProbes: crawl.templateProbes,
    homepageProbes: artifacts.probes ?? null,
    declared: (platform) => declaredUse(policy, platform, honoursDeclared),
  };
}

/** Google's guidance each finding's fix rests on, named in the audits' fixes. */
export const FINDING_SOURCES = {
  softNotFound: "https://developers.google.com/search/docs/crawling-indexing/http-network-errors#soft-404-errors",
  canonical: "https://developers.google.com/search/docs/crawling-indexing/consolidate-duplicate-urls",
  redirects: "https://developers.google.com/search/docs/crawling-indexing/301-redirects",
  sitemap: "https://developers.google.com/search/docs/crawling-indexing/sitemaps/build-sitemap",
  merchantListing: "https://developers.google.com/search/docs/appearance/structured-data/merchant-listing",
  javascript: "https://developers.google.com/search/docs/crawling-indexing/javascript/javascript-seo-basics",
  robotsMeta: "https://developers.google.com/search/docs/crawling-indexing/robots-meta-tag",
} as const;

/** Google follows up to ten hops but advises against chains; more than one hop is a chain. */
const CHAIN_HOPS = 1;

export function pageVerdict(page: PageFacts, site: SiteContext): PageVerdict {
  const base = { url: page.url, template: page.template, source: page.source };
  const fetch = page.fetch;
  if (!fetch.ok) {
    if ("skipped" in fetch) return { ...base, verdict: "skipped", status: null, finalUrl: null, redirects: [], skipped: fetch.skipped, canonical: null, reach: [], findings: [], facts: null };
    return {
      ...base,
      verdict: "failed",
      status: null,
      finalUrl: null,
      redirects: [],
      error: excerpt(fetch.error.message, 200),
      canonical: null,
      reach: [],
      findings: [{ id: "fetch-error", severity: "fail", text: `The page could not be fetched: ${excerpt(fetch.error.message, 160)}.` }],
      facts: null,
    };
  }
  const html = page.html;
  const findings: PageFinding[] = [];
  const hops = fetch.redirects.length;
  const broken = fetch.status >= 400;
  const unresolved = fetch.status >= 300 && fetch.status < 400;
  const soft = !broken && !unresolved && html?.softNotFound === true;
  if (broken && hops > 0) {
    findings.push({ id: "redirect-to-error", severity: "fail", text: `It redirects (${counted(hops, "hop")}) to ${fetch.finalUrl}, which answers HTTP ${fetch.status}: visitors and AI agents following the old link get an error.` });
  } else if (broken) {
    findings.push({ id: "http-error", severity: "fail", text: `It answers HTTP ${fetch.status}: AI agents cannot read or cite it.` });
  } else if (unresolved) {
    findings.push({ id: "redirect-unresolved", severity: "fail", text: `Its redirects end at HTTP ${fetch.status} without a page (${counted(hops, "hop")} followed).` });
  }
  if (soft) {
    findings.push({ id: "soft-404", severity: "fail", text: `It answers HTTP ${fetch.status} but says the page is not found ("${excerpt(html!.title ?? html!.h1 ?? "", 60)}"): a soft 404 that search engines drop and agents may quote as a page.` });
  }
  if (!broken && !unresolved && hops > CHAIN_HOPS) {
    findings.push({ id: "redirect-chain", severity: "warn", text: `It reaches ${fetch.finalUrl} through a chain of ${hops} redirects: link the final URL.` });
  } else if (!broken && !unresolved && hops > 0 && page.source === "sitemap") {
    findings.push({ id: "sitemap-redirect", severity: "warn", text: `The sitemap lists it, but it redirects to ${fetch.finalUrl}: list the final URL.` });
  }
  const reach = html && !broken && !unresolved ? reachOf(page, fetch, html, soft, site) : { entries: [], findings: [] };
  findings.push(...reach.findings);
  if (html && !broken && !unresolved && !soft) findings.push(...markupFindings(html, page.source === "homepage"));
  const canonical = html ? canonicalKind(html.canonical, fetch.finalUrl) : null;
  if (html && !broken && !unresolved && !soft) findings.push(...canonicalFindings(canonical, html.canonical));
  findings.sort((a, b) => (a.severity === b.severity ? 0 : a.severity === "fail" ? -1 : 1));
  return {
    ...base,
    verdict: broken || unresolved || soft ? "failed" : findings.length > 0 ? "issues" : "sound",
    status: fetch.status,
    finalUrl: fetch.finalUrl,
    redirects: fetch.redirects.map(({ url, status }) => ({ url, status })),
    ...(fetch.cut ? { skipped: fetch.cut } : {}),
    canonical,
    reach: reach.entries,
    findings,
    facts: html
      ? {
          title: html.title,
          description: html.description,
          h1: html.h1,
          lang: html.lang,
          words: html.words,
          appShell: html.appShell,
          structuredData: html.structuredData.types,
          structuredDataErrors: html.structuredData.errors,
          author: html.article?.author ?? null,
          published: html.article?.published ?? null,
          openGraph: html.openGraph.title && html.openGraph.image,
        }
      : null,
  };
}

type FetchedPage = Extract<PageFacts["fetch"], { ok: true }>;
type HtmlFacts = NonNullable<PageFacts["html"]>;

/** Reach by platform, by platform-reach's rules applied to this page's facts, with the findings that explain a loss. */
function reachOf(page: PageFacts, fetch: FetchedPage, html: HtmlFacts, soft: boolean, site: SiteContext): { entries: PageVerdict["reach"]; findings: PageFinding[] } {
  const directives = [...html.metaDirectives.map(asDirective), ...headerDirectives(fetch.xRobotsTag ?? undefined)];
  const context: ReadingContext = {
    policy: site.robots,
    path: pathOf(fetch.finalUrl),
    comparison: comparisonFor(page.template, site),
    pageDirectives: directives,
    pageError: soft ? "the page says it is not found" : null,
    barrier: html.appShell ? { kind: "app-shell", text: "the page is an empty JavaScript app shell" } : null,
    subject: "the page",
  };
  const verdicts = platformVerdicts(context, site.declared);
  const entries = verdicts.map((verdict) => ({ platform: verdict.platform.id, status: verdict.status, cause: verdict.status === "reads" ? null : causeSentence(verdict.causes[0]) }));
  const causes = verdicts.flatMap((verdict) => verdict.causes);
  const findings: PageFinding[] = [];
  const lost = (kind: Cause["kind"]) => verdicts.filter((verdict) => verdict.status !== "reads" && verdict.causes.some((cause) => cause.kind === kind)).map((verdict) => verdict.platform.name);
  if (html.appShell) {
    const blind = lost("app-shell");
    findings.push({
      id: "app-shell",
      severity: "fail",
      text: `Without JavaScript the page is an empty app shell (${counted(html.words, "word")} of text)${blind.length > 0 ? `: ${listed(blind)} cannot read it, as their agents run no JavaScript` : ""}.`,
    });
  }
  const rules = new Map<string, { text: string; agents: Set<string> }>();
  for (const cause of causes) {
    if (cause.kind !== "robots-rule" && cause.kind !== "robots-file") continue;
    const key = cause.rule ? `${cause.rule.line}` : cause.text;
    const entry = rules.get(key) ?? { text: cause.rule ? `robots.txt line ${cause.rule.line} (${excerpt(cause.rule.text, 80)})` : cause.text, agents: new Set<string>() };
    entry.agents.add(cause.agent);
    rules.set(key, entry);
  }
  for (const { text, agents } of rules.values()) {
    findings.push({ id: "robots-disallowed", severity: "fail", text: `${text} keeps ${listed([...agents])} out of this page.` });
  }
  const noindex = directives.filter((directive) => directive.scope === "all" && directiveEffect(directive.directive) === "noindex");
  if (noindex.length > 0) findings.push({ id: "noindex", severity: "fail", text: `\`${noindex[0]!.source}\` keeps the page out of search indexes, and so out of AI answers that cite them.` });
  const agentNoindex = directives.filter((directive) => directive.scope !== "all" && directiveEffect(directive.directive) !== null);
  const nosnippet = directives.filter((directive) => directive.scope === "all" && directiveEffect(directive.directive) === "nosnippet");
  if (nosnippet.length > 0) findings.push({ id: "nosnippet", severity: "warn", text: `\`${nosnippet[0]!.source}\` forbids quoting the page, which keeps it out of AI answers.` });
  if (agentNoindex.length > 0 && causes.some((cause) => cause.kind === "directive" && cause.directive?.scope !== "all")) {
    const agents = [...new Set(causes.filter((cause) => cause.kind === "directive" && cause.directive?.scope !== "all").map((cause) => cause.agent))];
    findings.push({ id: "agent-directive", severity: "warn", text: `\`${agentNoindex[0]!.source}\` keeps ${listed(agents)} from using the page.` });
  }
  return { entries, findings };
}

/** The probes of the page's template; the homepage's own for the homepage's template when the crawl did not probe it. */
function comparisonFor(template: string, site: SiteContext): ProbeComparison {
  const probed = site.templateProbes.find((entry) => entry.template === template);
  if (probed) return compareProbeList(probed.probes);
  if (template === "/" && site.homepageProbes) return compareProbeList(site.homepageProbes);
  return { ok: false, reason: "No page of this template was fetched as AI crawlers in this scan." };
}

/** "OAI-SearchBot is disallowed by robots.txt line 14 (Disallow: /docs/)": the cause that decides, said about the agent. */
function causeSentence(cause: Cause | undefined): string | null {
  if (!cause) return null;
  if (cause.kind === "robots-rule" && cause.rule) return `${cause.agent} is disallowed by robots.txt line ${cause.rule.line} (${excerpt(cause.rule.text, 80)})`;
  return excerpt(cause.text, 200);
}

function markupFindings(html: HtmlFacts, homepage: boolean): PageFinding[] {
  const findings: PageFinding[] = [];
  // The homepage is judged as the site's front page (schema-type-fit's home types), never as an article or a product.
  const kind = homepage ? null : html.kind;
  if (kind?.kind === "product" && kind.fits && kind.missing.length > 0) {
    findings.push({
      id: "product-incomplete",
      severity: "warn",
      text: `It is a product page, but its Product markup lacks ${kind.missing.map((property) => `\`${property}\``).join(", ")}, which Google requires for merchant listings (${FINDING_SOURCES.merchantListing}).`,
    });
  }
  if (kind && !kind.fits) {
    const expected = kind.kind === "product" ? "Product" : kind.kind === "faq" ? "FAQPage" : "Article (or BlogPosting, NewsArticle)";
    const declared = html.structuredData.types.length > 0 ? `declares ${html.structuredData.types.slice(0, 3).join(", ")}` : "declares no structured-data type";
    findings.push({ id: "schema-type-misfit", severity: "warn", text: `It looks like ${kind.kind === "faq" ? "an FAQ" : `a${kind.kind === "article" ? "n" : ""} ${kind.kind}`} (${kind.reason}) but ${declared}; ${expected} would say what it is.` });
  }
  if (html.structuredData.errors > 0) {
    findings.push({ id: "structured-data-errors", severity: "warn", text: `${counted(html.structuredData.errors, "structured-data error")}${html.structuredData.examples[0] ? `, e.g. ${excerpt(html.structuredData.examples[0], 120)}` : ""}.` });
  }
  if (kind?.kind === "article" && html.article) {
    if (!html.article.author) findings.push({ id: "article-no-author", severity: "warn", text: "It is an article without a byline: nothing says who wrote it." });
    if (!html.article.published) findings.push({ id: "article-no-date", severity: "warn", text: "It is an article without a publication date." });
  }
  if (!html.title) findings.push({ id: "missing-title", severity: "warn", text: "It has no <title>: assistants and results name it by its URL." });
  if (!html.description) findings.push({ id: "missing-description", severity: "warn", text: 'It has no <meta name="description">.' });
  // An app shell has no heading in its raw HTML by definition: its own finding says so.
  if (!html.h1 && !html.appShell) findings.push({ id: "missing-h1", severity: "warn", text: "No <h1> in its raw HTML holds text: the page's main heading is not marked as one (an <h1> around a logo image says nothing)." });
  if (!html.lang) findings.push({ id: "missing-lang", severity: "warn", text: "Its <html> has no lang attribute." });
  if (!html.openGraph.title || !html.openGraph.image) {
    const lacking = [html.openGraph.title ? null : "og:title", html.openGraph.image ? null : "og:image"].filter((name): name is string => name !== null);
    findings.push({ id: "open-graph-missing", severity: "warn", text: `It has no ${lacking.join(" or ")}: shared links and some assistants show it without ${lacking.length === 2 ? "a title or image" : lacking[0] === "og:image" ? "an image" : "a title"}.` });
  }
  return findings;
}

/**
 * Where the canonical link points. The same page is "self" whatever its scheme, letter case, trailing
 * slash or fragment, and when the canonical only drops query parameters the page was reached with
 * (`?utm_source=…`, `?ref=rss`): that is the page naming its clean URL, as Google advises. A host that
 * differs only by `www.` is the same site.
 */
function canonicalKind(canonical: string | null, finalUrl: string): PageVerdict["canonical"] {
  if (!canonical) return "missing";
  if (!URL.canParse(canonical) || !URL.canParse(finalUrl)) return "other-page";
  const target = new URL(canonical);
  const here = new URL(finalUrl);
  const host = (url: URL) => url.hostname.toLowerCase().replace(/^www\./, "");
  if (host(target) !== host(here)) return "other-host";
  const path = (url: URL) => url.pathname.toLowerCase().replace(/\/+$/, "");
  const kept = [...target.searchParams].every(([name, value]) => here.searchParams.getAll(name).includes(value));
  return path(target) === path(here) && kept ? "self" : "other-page";
}

function canonicalFindings(kind: PageVerdict["canonical"], canonical: string | null): PageFinding[] {
  if (kind === "missing") return [{ id: "canonical-missing", severity: "warn", text: "It has no canonical link: search engines pick its canonical URL themselves." }];
  if (kind === "other-host") return [{ id: "canonical-other-host", severity: "warn", text: `Its canonical link names ${excerpt(canonical ?? "", 120)}, on another host: search engines index that page instead of this one.` }];
  if (kind === "other-page") return [{ id: "canonical-other-page", severity: "warn", text: `Its canonical link names ${excerpt(canonical ?? "", 120)}: search engines index that URL instead of this one.` }];
  return [];
}

function asDirective(directive: { scope: string; directive: string }): Directive {
  const name = directive.scope === "all" ? "robots" : directive.scope;
  return { ...directive, source: excerpt(`<meta name="${name}" content="${directive.directive}">`, 120) };
}

function pathOf(url: string): string {
  if (!URL.canParse(url)) return "/";
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}
