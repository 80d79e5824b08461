import type { Artifacts, ChildSitemapArtifact, SitemapArtifact } from "../../gather/artifacts.ts";
import { CHILD_SITEMAP_MAX_BYTES, SITEMAP_MAX_BYTES } from "../../gather/sitemap.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed, unknownOutcome } from "../audit.ts";
import { siteOriginOf } from "../../derive/site-identity.ts";
import { codeBlock, inlineCode } from "../fix-code.ts";
import { type FixCode } from "../audit.ts";
import { robotsPolicy } from "../../derive/robots/robots-policy.ts";

/** A sitemap that parses and dates its pages tells crawlers what exists and what changed, so fresh pages get re-read. */
export const sitemapValid: AuditRule<"sitemap"> = {
  id: "sitemap-valid",
  title: "The XML sitemap parses and dates its pages",
  impact: "medium",
  requires: ["sitemap"],
  run,
};

/** Below this share of entries with a lastmod, crawlers cannot tell fresh pages from old ones. */
const LASTMOD_COVERAGE = 0.8;
/** Answers that refuse the scanner rather than say there is no file. */
const REFUSED = new Set([401, 403, 429]);

function run(artifacts: Artifacts): AuditOutcome {
  // Declared as an input: the runner has checked it was gathered.
  const sitemap = artifacts.sitemap!;
  const origin = siteOriginOf(artifacts);
  const generate = generateFix(artifacts, sitemap, origin);
  if (!sitemap.ok) {
    if (sitemap.error.code === "aborted" || sitemap.error.code === "internal") return unknownOutcome(`${sitemap.url} could not be fetched (${sitemap.error.message}).`);
    return { status: "fail", score: 0, detail: `The sitemap ${sitemap.url} could not be fetched (${sitemap.error.message}).`, evidence: [`${sitemap.url}: ${sitemap.error.code}`], fix: generate };
  }
  const where = sitemap.source === "robots" ? `${sitemap.url} (listed in robots.txt)` : sitemap.url;
  const evidence = [`${sitemap.url}: HTTP ${sitemap.status}, ${sitemap.contentType ?? "no Content-Type"}${sitemap.gzipped ? ", gzip file decompressed" : ""}`];
  if (REFUSED.has(sitemap.status) || sitemap.status >= 500) return unknownOutcome(`${sitemap.url} answered HTTP ${sitemap.status}: the scanner was refused, so whether a sitemap exists is unknown.`);
  if (sitemap.status !== 200 || sitemap.kind === null) {
    return {
      status: "fail",
      score: 0,
      detail: sitemap.status !== 200 ? `There is no sitemap: ${where} answered HTTP ${sitemap.status}.` : `${where} ${notASitemap(sitemap, SITEMAP_MAX_BYTES)}.`,
      evidence,
      fix: sitemap.gzipped ? { ...generate, how: `${generate.how}\n\n${GZIP_HOW}` } : generate,
    };
  }
  evidence.push(`${sitemap.kind} with ${sitemap.entries} entries, ${sitemap.withLastmod} with lastmod${sitemap.newestLastmod ? `, newest ${sitemap.newestLastmod}` : ""}`, ...sitemap.sample.slice(0, 3));
  if (sitemap.entries === 0) return { status: "fail", score: 0.2, detail: `${where} parses but lists no pages.`, evidence, fix: generate };
  if (sitemap.kind === "sitemapindex" && sitemap.children && sitemap.children.length > 0) return judgeIndex(sitemap, sitemap.children, where, evidence, generate);
  const listed = `${where} is a ${sitemap.gzipped ? "gzipped " : ""}${sitemap.kind === "urlset" ? "sitemap" : "sitemap index"} with ${sitemap.entries} entries${readNote(sitemap, SITEMAP_MAX_BYTES)}`;
  return judgeCoverage(listed, sitemap.entries, sitemap.withLastmod, evidence, sitemap.url);
}

type Found = Extract<SitemapArtifact, { ok: true }>;
type ReadSitemap = Pick<Found, "gzipped" | "decodeError" | "truncated">;

const GZIP_HOW = "A gzipped sitemap must be one complete gzip file (gzip -9 sitemap.xml) of an XML sitemap that decompresses to at most 50 MB; the scan reads the first few MB.";

/** Why a sitemap body that answered 200 is no sitemap, said for gzip files too (a gzip bomb is cut at the cap). */
function notASitemap(sitemap: ReadSitemap, cap: number): string {
  if (!sitemap.gzipped) return "is not an XML sitemap (no <urlset> or <sitemapindex>)";
  if (sitemap.decodeError) return `is a gzip file that could not be decompressed (${sitemap.decodeError})`;
  if (sitemap.truncated) return `is a gzip file that inflates past the ${mib(cap)} the scan reads, with no <urlset> or <sitemapindex> at its start`;
  return "is a gzip file, but what it decompresses to is not an XML sitemap (no <urlset> or <sitemapindex>)";
}

/** How much of a sitemap was read, when not all of it. */
function readNote(sitemap: ReadSitemap, cap: number): string {
  if (sitemap.decodeError) return ` (as far as it could be decompressed: ${sitemap.decodeError})`;
  if (!sitemap.truncated) return "";
  return sitemap.gzipped ? ` (it inflates past ${mib(cap)}: the first ${mib(cap)} read)` : " (the first few MB read)";
}

const mib = (bytes: number) => `${bytes / (1024 * 1024)} MiB`;

/**
 * A sitemap index dates its child sitemaps, not its pages: coverage is measured over the entries of the
 * child sitemaps the scan read. Children that answer with an error or are not sitemaps are a problem of
 * their own, since crawlers that follow the index find nothing there.
 */
function judgeIndex(sitemap: Found, children: ChildSitemapArtifact[], where: string, evidence: string[], generate: Fix): AuditOutcome {
  const read = children.filter((child): child is Extract<ChildSitemapArtifact, { ok: true }> => child.ok && child.status === 200 && child.kind === "urlset");
  const broken = children.filter((child) => !child.ok || (child.status !== 200 && !REFUSED.has(child.status) && child.status < 500) || (child.ok && child.status === 200 && child.kind !== "urlset"));
  for (const child of children) {
    evidence.push(
      child.ok
        ? `${child.url}: HTTP ${child.status}${child.status === 200 ? `, ${child.gzipped ? "gzipped " : ""}${child.kind ?? "not a sitemap"} with ${child.entries} entries, ${child.withLastmod} with lastmod${readNote(child, CHILD_SITEMAP_MAX_BYTES)}` : ""}`
        : `${child.url}: ${child.error.code}`,
    );
  }
  const entries = read.reduce((sum, child) => sum + child.entries, 0);
  const withLastmod = read.reduce((sum, child) => sum + child.withLastmod, 0);
  const index = `${where} is a sitemap index of ${sitemap.entries} sitemaps`;
  const brokenNote = broken.map((child) => `${child.url} (${child.ok ? (child.status === 200 ? brokenChild(child) : `HTTP ${child.status}`) : child.error.message})`).join(", ");
  const repair: Fix = {
    what: "Make every sitemap the index lists readable",
    why: "Crawlers follow the index to its child sitemaps; one that is missing or malformed hides every page it should list.",
    how: `Fix or remove these entries of ${sitemap.url}: ${brokenNote}. Each <sitemap><loc> must point to an XML <urlset> sitemap on this site that answers HTTP 200 (gzipped files need the .xml.gz name and a gzip body).`,
    effort: "S",
  };
  if (read.length === 0) {
    if (broken.length === 0) return unknownOutcome(`${index}; the ${children.length} child sitemaps read refused the scanner, so their pages could not be judged.`);
    return { status: "warn", score: 0.3, detail: `${index}, but none of the ${children.length} child sitemaps read could be used: ${brokenNote}.`, evidence, fix: repair };
  }
  if (entries === 0) return { status: "fail", score: 0.2, detail: `${index}, but the child sitemaps read list no pages.`, evidence, fix: generate };
  const listed = `${index}; the ${read.length === 1 ? "child sitemap" : `${read.length} child sitemaps`} read list ${entries} pages${read.some((child) => child.truncated) ? ` (the first few MB of each read${read.some((child) => child.gzipped) ? ", decompressed" : ""})` : ""}`;
  const coverage = judgeCoverage(listed, entries, withLastmod, evidence, read.map((child) => child.url).join(", "));
  if (broken.length === 0) return coverage;
  const score = Math.min(coverage.score ?? 1, 0.7);
  return {
    status: "warn",
    score,
    detail: `${coverage.detail.replace(/\.$/, "")}; but ${broken.length === 1 ? "one child sitemap is" : `${broken.length} child sitemaps are`} unusable: ${brokenNote}.`,
    evidence,
    fix: coverage.fix ? { ...repair, how: `${repair.how}\n\n${coverage.fix.how}` } : repair,
  };
}

/** Why a child sitemap that answered 200 cannot be used. */
function brokenChild(child: Extract<ChildSitemapArtifact, { ok: true }>): string {
  return child.kind === null && child.gzipped ? notASitemap(child, CHILD_SITEMAP_MAX_BYTES).replace(/^is /, "") : "not a <urlset> sitemap";
}

/** Pass with most entries dated, otherwise a warning in proportion to the share that is. */
function judgeCoverage(listed: string, entries: number, withLastmod: number, evidence: string[], generatedBy: string): AuditOutcome {
  const coverage = withLastmod / entries;
  if (coverage >= LASTMOD_COVERAGE) return passed(`${listed}, ${Math.round(coverage * 100)}% of them with a lastmod date.`, evidence);
  return {
    status: "warn",
    score: 0.5 + 0.4 * coverage,
    detail: `${listed}, but only ${withLastmod} of them (${Math.round(coverage * 100)}%) carry a valid lastmod date.`,
    evidence,
    fix: {
      what: "Add lastmod dates to the sitemap",
      why: "Without lastmod, crawlers cannot tell which pages changed, so updated content is re-read late or not at all.",
      how: `Have the generator of ${generatedBy} write \`<lastmod>YYYY-MM-DD</lastmod>\` (the date the page's content last changed, not the build date) in every \`<url>\` entry.`,
      effort: "S",
    },
  };
}

/**
 * A sitemap where the scan looks for it (the URL robots.txt lists, else /sitemap.xml), listing the pages the
 * scan read, each with a lastmod the owner fills in (only they know when a page's content changed), and the
 * Sitemap line robots.txt lacks. A gzip address gets no block: what to paste there is a compressed file.
 */
function generateFix(artifacts: Artifacts, sitemap: SitemapArtifact, origin: string): Fix {
  const target = sitemap.url;
  const base = {
    what: "Publish an XML sitemap with lastmod dates",
    why: "A sitemap lists every page you want found; lastmod dates tell AI search crawlers which pages changed and need re-reading.",
    effort: "S" as const,
  };
  const line = `Sitemap: ${target}`;
  if ((sitemap.ok && sitemap.gzipped) || /\.gz$/i.test(new URL(target).pathname)) {
    return { ...base, how: `Generate ${target} with your CMS or framework (WordPress, Next.js, Astro, Hugo… all have one) and give every \`<url>\` a \`<lastmod>\` in W3C date format.` };
  }
  const pages = [...new Set([artifacts.homepage.ok ? artifacts.homepage.finalUrl : `${origin}/`, ...(artifacts.samplePages ?? []).flatMap((page) => (page.ok && page.status === 200 ? [page.finalUrl] : []))])].filter(
    (url) => URL.canParse(url) && new URL(url).origin === origin,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${pages.map((url) => `  <url><loc>${xmlEscaped(url)}</loc><lastmod><YYYY-MM-DD></lastmod></url>`).join("\n")}\n</urlset>`;
  const code: FixCode[] = [{ where: { kind: "file", url: target }, language: "xml", code: xml }];
  // The scan reads the first Sitemap line of robots.txt; without one, /sitemap.xml, which crawlers that do not guess it never find.
  const listed = sitemap.source === "robots";
  const policy = robotsPolicy(artifacts);
  if (!listed) code.push({ where: { kind: "lines", url: `${origin}/robots.txt` }, language: "text", code: line });
  return {
    ...base,
    how:
      `Generate ${target} with your CMS or framework (WordPress, Next.js, Astro, Hugo… all have one), with every page you want found and a \`<lastmod>\` in each \`<url>\`: the date the page's content last changed, in W3C date format. ` +
      `For the ${pages.length === 1 ? "page" : `${pages.length} pages`} this scan read, it starts like this (write each date where it says ${inlineCode("<YYYY-MM-DD>")}):\n\n${codeBlock("xml", xml)}` +
      (listed ? "" : `\n\nThen list it in ${policy.kind === "rules" ? "" : "a new "}robots.txt:\n\n${codeBlock("text", line)}`),
    effort: "S",
    code,
  };
}

function xmlEscaped(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}
