import { ANSWER_TEXT_MAX_BYTES, OTHER_DOMAINS_MAX, SOURCE_TITLE_MAX_CHARS, SOURCE_URL_MAX_CHARS, SOURCES_MAX, cutChars, cutUtf8 } from "./answer-limits.ts";
import type { RawAnswer } from "./engine.ts";
import { isSameSite, siteOfHost, sourceSite, type SourceSite } from "./source-domain.ts";

/** What an answer is judged against: the watched domain, its brand's names, its competitors' domains. */
export interface AnswerTarget {
  /** Normalized as a scan target: lower-case, punycode, without "www.". */
  domain: string;
  brandNames: readonly string[];
  competitors: readonly string[];
  mentions: (text: string) => boolean;
}

export interface AnswerSource {
  url: string;
  title: string | null;
  kind: "cited" | "retrieved";
  /** The source's host without "www."; for a redirect, the host it stands for. */
  host: string;
  domain: string;
}

export interface AnswerAnalysis {
  /** A cited source is on the watched domain (www. and, for a registrable domain, its subdomains included). */
  cited: boolean;
  /** The domain is among the sources the engine's search returned but the answer does not cite. */
  retrievedOnly: boolean;
  /** The text names the brand (any name or alias, whole word, any case). */
  mentioned: boolean;
  /** 1-based rank of the domain among the distinct cited domains, in the answer's order; null when not cited. */
  position: number | null;
  /** Distinct cited registrable domains, in order, the watched one (under its own name) included. */
  citedDomains: string[];
  /** citedDomains without the watched domain, at most OTHER_DOMAINS_MAX. */
  otherDomains: string[];
  /** The competitors (as given) that a cited source is on. */
  competitorsCited: string[];
  /** The watched domain's cited URLs (distinct, in order): the pages whose verdicts matter. */
  domainUrls: string[];
  text: string;
  textCut: boolean;
  sources: AnswerSource[];
}

export function analyzeAnswer(answer: RawAnswer, target: AnswerTarget): AnswerAnalysis {
  const watched = siteOfHost(target.domain);
  const competitorSites = target.competitors.map((competitor) => ({ competitor, site: siteOfHost(competitor) }));
  const sources: AnswerSource[] = [];
  for (const raw of answer.sources) {
    const site = sourceSite(raw.url, raw.hostHint);
    if (site === null) continue;
    sources.push({
      url: cutChars(raw.url, SOURCE_URL_MAX_CHARS),
      title: raw.title === null ? null : cutChars(raw.title, SOURCE_TITLE_MAX_CHARS),
      kind: raw.kind,
      host: site.host,
      domain: site.domain,
    });
  }
  const cited = sources.filter((source) => source.kind === "cited");
  const isWatched = (source: SourceSite) => isSameSite(source, watched);
  // The watched site counts as one domain under its own name (a watched subdomain is told apart from its parent).
  const citedDomains = distinct(cited.map((source) => (isWatched(source) ? watched.host : source.domain)));
  const index = cited.some(isWatched) ? citedDomains.indexOf(watched.host) : -1;
  const text = cutUtf8(answer.text, ANSWER_TEXT_MAX_BYTES);
  return {
    cited: index >= 0,
    retrievedOnly: index < 0 && sources.some((source) => source.kind === "retrieved" && isWatched(source)),
    mentioned: target.mentions(answer.text),
    position: index >= 0 ? index + 1 : null,
    citedDomains: citedDomains.slice(0, OTHER_DOMAINS_MAX + 1),
    otherDomains: citedDomains.filter((domain, at) => at !== index).slice(0, OTHER_DOMAINS_MAX),
    competitorsCited: competitorSites.filter(({ site }) => cited.some((source) => isSameSite(source, site))).map(({ competitor }) => competitor),
    domainUrls: distinct(cited.filter(isWatched).map((source) => source.url)).slice(0, 10),
    text: text.text,
    textCut: text.cut,
    sources: sources.slice(0, SOURCES_MAX),
  };
}

function distinct(values: string[]): string[] {
  return [...new Set(values)];
}
