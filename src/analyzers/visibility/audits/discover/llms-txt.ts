import type { Artifacts, LinkCheck, TextFileArtifact } from "../../gather/artifacts.ts";
import { isHtmlDocumentBody } from "../../derive/html-document-body.ts";
import { type LlmsTxtDocument, parseLlmsTxt } from "../../derive/llms-txt-document.ts";
import { LLMS_TXT_RULES, type LlmsTxtRule, type RuleViolation, judgeLlmsTxt, quote } from "../../derive/llms-txt-rules.ts";
import { type ServedTextFile, servedLlmsTxt } from "../../derive/served-llms-txt.ts";
import { readableHomepage } from "../../derive/homepage-document.ts";
import { textOf } from "../../derive/site-pages.ts";
import { type AuditRule, type AuditOutcome, type Fix, passed, unknownOutcome } from "../audit.ts";
import { siteDescription, siteName, siteOriginOf } from "../../derive/site-identity.ts";
import { codeBlock } from "../fix-code.ts";

/**
 * llms.txt (https://llmstxt.org/): a Markdown file at /llms.txt that gives language models a curated map
 * of the site. Judged by the proposal's rules (derive/llms-txt-rules.ts), each named in the detail: an H1
 * first (the only required part), an optional blockquote summary right after it, details without
 * headings, H2 sections of `- [name](url): notes` lists, the links it relies on resolving, and a text
 * Content-Type. Each rule broken costs an equal share of the score.
 */
export const llmsTxt: AuditRule<"llms-txt"> = {
  id: "llms-txt",
  title: "An llms.txt guides AI agents to the important pages",
  impact: "medium",
  requires: ["llms-txt"],
  run,
};

/** Fixes listed in full before the rest are summed up: enough to show the pattern. */
const FIXES_LISTED = 10;
/** Offending lines quoted per rule in the detail. */
const PROBLEMS_QUOTED = 3;

function run(artifacts: Artifacts): AuditOutcome {
  // Declared as an input: the runner has checked it was gathered.
  const files = artifacts.llmsTxt!;
  const found = servedLlmsTxt(files);
  if (!found) return missing(artifacts, files);
  const document = parseLlmsTxt(found.text, found.finalUrl);
  const { checked, violations, linksChecked } = judgeLlmsTxt({
    document,
    url: found.url,
    contentType: found.contentType,
    linkChecks: artifacts.llmsLinks,
    siteName: siteName(artifacts),
    origin: siteOriginOf(artifacts),
  });
  const evidence = [`${found.url}: HTTP ${found.status}, ${found.contentType ?? "no Content-Type"}`, ...found.text.split(/\r\n|\r|\n/).filter((line) => line.trim()).slice(0, 3).map((line) => line.slice(0, 100))];
  const optional = optionalNote(document) + redirectsNote(artifacts.llmsLinks);
  if (violations.length === 0) {
    return passed(`${found.url} follows the llms.txt format: it keeps all ${checked.length} rules checked (${checked.join(", ")}). It has ${contents(document)}${linksNote(linksChecked)}.${optional}`, evidence);
  }
  const broken = checked.filter((rule) => violations.some((violation) => violation.rule === rule));
  const score = Math.round(((checked.length - broken.length) / checked.length) * 100) / 100;
  return {
    status: score > 0 ? "warn" : "fail",
    score,
    detail: `${found.url} breaks ${broken.length} of the ${checked.length} llms.txt rules checked. ${broken.map((rule) => ruleProblems(rule, violations)).join(" ")}${optional}`,
    evidence,
    fix: {
      what: fixTitle(broken),
      why: WHY,
      how: fixSteps(found, violations),
      effort: "S",
    },
  };
}

const WHY = "llms.txt hands AI agents a short, curated map of the site in plain Markdown, so they find the pages that answer questions without crawling everything. Tools that read it parse its fixed shape; a file that strays from it loses its title, summary or links.";

function missing(artifacts: Artifacts, files: TextFileArtifact[]): AuditOutcome {
  const errors = files.filter((file) => !file.ok);
  const refused = files.find((file) => file.ok && ([401, 403, 429].includes(file.status) || file.status >= 500));
  if (refused && refused.ok) return unknownOutcome(`${refused.url} answered HTTP ${refused.status}: the scanner was refused, so whether an llms.txt exists is unknown.`);
  if (errors.length === files.length) return unknownOutcome(`llms.txt could not be fetched (${errors.map((file) => (file.ok ? "" : file.error.message)).join("; ")}).`);
  return {
    status: "fail",
    score: 0,
    detail: `There is no llms.txt: ${files.map((file) => `${file.url} → ${file.ok ? `HTTP ${file.status}${answerNote(file)}` : file.error.code}`).join(", ")}.`,
    evidence: files.map((file) => `${file.url}: ${file.ok ? `${file.status}, ${file.contentType ?? "no Content-Type"}` : file.error.code}`),
    fix: publishFix(artifacts),
  };
}

/** The file to publish, filled with the site's own name, description and pages; placed at /llms.txt. */
function publishFix(artifacts: Artifacts): Fix {
  const url = `${siteOriginOf(artifacts)}/llms.txt`;
  const code = skeleton(artifacts);
  const fill = siteDescription(artifacts) === null ? " Replace the summary line with one sentence on what the site offers, and each link's note with what the page answers." : " Replace each link's note with what the page answers.";
  return {
    what: "Publish an llms.txt",
    why: WHY,
    how: `Create ${url} (Content-Type text/plain or text/markdown), for example:\n\n${codeBlock("markdown", code)}\n\n${fill.trim()}`,
    effort: "S",
    code: [{ where: { kind: "file", url }, language: "markdown", code }],
  };
}

/** Why a 200 answer is not an llms.txt. */
function answerNote(file: Extract<TextFileArtifact, { ok: true }>): string {
  if (file.status !== 200) return "";
  if (file.text.trim() === "") return " with an empty body";
  return isHtmlDocumentBody(file.text) ? " with an HTML page, not a Markdown file" : "";
}

function ruleProblems(rule: LlmsTxtRule, violations: RuleViolation[]): string {
  const problems = violations.filter((violation) => violation.rule === rule).map((violation) => violation.problem);
  const more = problems.length > PROBLEMS_QUOTED ? `; and ${problems.length - PROBLEMS_QUOTED} more` : "";
  return `Rule ${rule} (${LLMS_TXT_RULES[rule]}): ${problems.slice(0, PROBLEMS_QUOTED).join("; ")}${more}.`;
}

function fixTitle(broken: LlmsTxtRule[]): string {
  if (broken.length === 1 && broken[0] === "text-content-type") return "Serve llms.txt as text/plain or text/markdown";
  if (broken.length === 1 && broken[0] === "links-resolve") return "Fix the broken links in llms.txt";
  return "Make llms.txt follow the llms.txt format";
}

function fixSteps(file: ServedTextFile, violations: RuleViolation[]): string {
  const steps = violations.slice(0, FIXES_LISTED).map((violation) => `- ${violation.rule}: ${violation.fix}`);
  const rest = violations.length - steps.length;
  return [`Correct ${file.url} (the format: https://llmstxt.org/#format):`, ...steps, ...(rest > 0 ? [`- and ${rest} more like these.`] : [])].join("\n");
}

/** What the file holds, in words, for a passing detail. */
function contents(document: LlmsTxtDocument): string {
  const parts = [`an H1 (${quote(document.title!.firstLine)})`];
  if (document.summary) parts.push("a summary");
  if (document.details.length > 0) parts.push("details");
  const links = document.sections.flatMap((section) => section.blocks.flatMap((block) => (block.kind === "list" ? block.items : [])));
  if (document.sections.length > 0) parts.push(`${plural(document.sections.length, "H2 section")} with ${plural(links.length, "link")}`);
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/**
 * Links that answer only after a redirect: they work, so they cost nothing, but each costs a reader a round
 * trip and may be a page that moved for good, so they are listed for the owner to update.
 */
function redirectsNote(checks: LinkCheck[] | undefined): string {
  const moved = (checks ?? []).filter((check): check is Extract<LinkCheck, { ok: true }> => check.ok && check.status < 400 && check.redirectedTo !== undefined);
  if (moved.length === 0) return "";
  const listed = moved.slice(0, PROBLEMS_QUOTED).map((check) => `${check.url} → ${check.redirectedTo}`);
  const more = moved.length > PROBLEMS_QUOTED ? `; and ${moved.length - PROBLEMS_QUOTED} more` : "";
  return ` ${moved.length === 1 ? "One link redirects; link to where it ends" : `${moved.length} links redirect; link to where they end`}: ${listed.join("; ")}${more}.`;
}

function linksNote(count: number): string {
  if (count === 0) return "";
  return `; the ${plural(count, "site link")} checked resolve${count === 1 ? "s" : ""}`;
}

/** The Optional section, said out loud: its links are secondary, and the scan does not check them. */
function optionalNote(document: LlmsTxtDocument): string {
  const section = document.sections.find((entry) => entry.optional);
  if (!section) return "";
  const count = document.links.filter((link) => link.optional).length;
  return ` The ${plural(count, "link")} under ${quote(section.heading.firstLine)} (line ${section.heading.line}) ${count === 1 ? "is" : "are"} optional: agents may skip ${count === 1 ? "it" : "them"} when they need a shorter context, so the scan does not check that ${count === 1 ? "it resolves" : "they resolve"}.`;
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/** An llms.txt filled with the site's own name, description and pages. */
export function skeleton(artifacts: Artifacts): string {
  const origin = siteOriginOf(artifacts);
  const description = siteDescription(artifacts) ?? `What ${siteName(artifacts)} offers, in one sentence.`;
  // Read from the DOM, so that names are text as shown (entities decoded, no script text) and fit `[name](url)`.
  const homepage = readableHomepage(artifacts);
  const linked = homepage.ok
    ? Array.from(homepage.document.querySelectorAll("a[href]"))
        .slice(0, 200)
        .map((anchor) => ({ href: (anchor.getAttribute("href") ?? "").trim(), name: textOf(anchor).replace(/[[\]]/g, "").replace(/\s+/g, " ").trim().slice(0, 60).trim() }))
        .filter((link) => link.name !== "" && !/^(?:#|mailto:|tel:|javascript:)/i.test(link.href))
        .map((link) => ({ name: link.name, url: URL.canParse(link.href, origin) ? new URL(link.href, origin) : null }))
        // Cloudflare's /cdn-cgi/ links stand for obfuscated e-mail addresses, not pages.
        .filter((link): link is { name: string; url: URL } => link.url !== null && link.url.origin === origin && link.url.pathname !== "/" && !link.url.pathname.startsWith("/cdn-cgi/"))
    : [];
  const unique = [...new Map(linked.map((link) => [link.url.href, link])).values()].slice(0, 6);
  const entries = unique.length > 0 ? unique.map((link) => `- [${link.name}](${link.url.href}): what this page answers`) : [`- [About](${origin}/about): who we are`, `- [Contact](${origin}/contact): how to reach us`];
  return [`# ${siteName(artifacts)}`, "", `> ${description}`, "", "## Main pages", "", ...entries, "", "## Optional", "", `- [Sitemap](${origin}/sitemap.xml): every page`].join("\n");
}
