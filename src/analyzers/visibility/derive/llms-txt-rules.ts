import type { LinkCheck } from "../gather/artifacts.ts";
import { contentTypeProblem } from "./text-content-type.ts";
import type { HeadingBlock, ListItem, LlmsTxtBlock, LlmsTxtDocument, LlmsTxtSection } from "./llms-txt-document.ts";

/**
 * The rules of the llmstxt.org proposal an llms.txt is judged by, each with a stable name that the
 * audit's detail quotes. Only the H1 is required: a file with nothing else keeps every rule.
 */
export const LLMS_TXT_RULES = {
  "h1-first": "an H1 with the project or site name is the first thing in the file, and the only H1",
  "summary-after-h1": "the blockquote summary is optional and, when present, comes directly after the H1",
  "details-without-headings": "the details between the H1 (and summary) and the first H2 hold any Markdown except headings",
  "h2-file-lists": "each H2 section holds a Markdown list of `[name](url)` items, each optionally followed by `: notes`",
  "links-resolve": "the site's own links checked (outside the Optional section) resolve",
  "text-content-type": "the file is served with a text Content-Type, such as text/plain or text/markdown",
} as const;

export type LlmsTxtRule = keyof typeof LLMS_TXT_RULES;

export interface RuleViolation {
  rule: LlmsTxtRule;
  /** The offending line (1-based), when there is one. */
  line: number | null;
  /** What is wrong, quoting the line. */
  problem: string;
  /** What to write instead, quoting the line. */
  fix: string;
}

export interface LlmsTxtJudgement {
  /** The rules that could be judged, in order; links-resolve only when links were checked. */
  checked: LlmsTxtRule[];
  violations: RuleViolation[];
  /** How many link checks the links-resolve rule judged. */
  linksChecked: number;
}

export interface LlmsTxtFacts {
  document: LlmsTxtDocument;
  url: string;
  contentType: string | null;
  /** Link checks the gatherer made (undefined in scans that made none). */
  linkChecks: LinkCheck[] | undefined;
  /** For fixes: the name the H1 should carry and the origin example URLs live at. */
  siteName: string;
  origin: string;
}

/** Judges an llms.txt by every rule that applies to it. */
export function judgeLlmsTxt(facts: LlmsTxtFacts): LlmsTxtJudgement {
  const linkChecks = checksThatCount(facts);
  const checked = (Object.keys(LLMS_TXT_RULES) as LlmsTxtRule[]).filter((rule) => rule !== "links-resolve" || linkChecks.length > 0);
  const violations = [
    ...h1First(facts),
    ...summaryAfterH1(facts.document),
    ...detailsWithoutHeadings(facts.document),
    ...h2FileLists(facts),
    ...linksResolve(facts, linkChecks),
    ...textContentType(facts),
  ];
  return { checked, violations, linksChecked: linkChecks.length };
}

/** Checks of links that are not only in the Optional section: those may be skipped, so they cost nothing. */
function checksThatCount(facts: LlmsTxtFacts): LinkCheck[] {
  const required = new Set(facts.document.links.filter((link) => !link.optional).map((link) => link.href));
  const optional = new Set(facts.document.links.filter((link) => link.optional).map((link) => link.href));
  return (facts.linkChecks ?? []).filter((check) => required.has(check.url) || !optional.has(check.url));
}

function h1First({ document, siteName }: LlmsTxtFacts): RuleViolation[] {
  const first = document.blocks[0];
  if (!first) return [{ rule: "h1-first", line: null, problem: "the file is empty", fix: `Write the H1 \`# ${siteName}\` as its first line.` }];
  const h1s = document.blocks.filter((block): block is HeadingBlock => block.kind === "heading" && block.level === 1);
  // Without a title before the first H2, the first H1 further down is the title out of place, not a second one.
  const title = document.title ?? h1s[0] ?? null;
  const violations: RuleViolation[] = [];
  if (!document.title) violations.push(noTitleFirst(first, title, siteName));
  else if (document.beforeTitle.length > 0) {
    const before = document.beforeTitle[0]!;
    violations.push({
      rule: "h1-first",
      line: before.line,
      problem: `line ${before.line} ${quote(before.firstLine)} comes before the H1 on line ${document.title.line}`,
      fix: `Move line ${before.line} ${quote(before.firstLine)}${document.beforeTitle.length > 1 ? " and what follows it" : ""} below the H1 ${quote(document.title.firstLine)}, or remove it: the H1 comes first.`,
    });
  }
  for (const heading of h1s.filter((block) => block !== title)) {
    violations.push({
      rule: "h1-first",
      line: heading.line,
      problem: `line ${heading.line} ${quote(heading.firstLine)} is a second H1`,
      fix: `Line ${heading.line} ${quote(heading.firstLine)}: keep one H1; make this an H2 section of links (\`## ${heading.text}\`) or plain text.`,
    });
  }
  return violations;
}

function noTitleFirst(first: LlmsTxtBlock, laterH1: HeadingBlock | null, siteName: string): RuleViolation {
  const unspaced = /^\s{0,3}#+[^#\s]/.test(first.firstLine);
  const fix = unspaced
    ? `Line ${first.line} ${quote(first.firstLine)}: put a space after the \`#\` (\`# ${first.firstLine.replace(/^\s*#+/, "").trim()}\`).`
    : laterH1
      ? `Move the H1 on line ${laterH1.line} ${quote(laterH1.firstLine)} to the top of the file, above line ${first.line} ${quote(first.firstLine)}.`
      : `Add the H1 \`# ${siteName}\` as the first line, above line ${first.line} ${quote(first.firstLine)}.`;
  return { rule: "h1-first", line: first.line, problem: `it does not start with an H1: line ${first.line} is ${quote(first.firstLine)}`, fix };
}

function summaryAfterH1(document: LlmsTxtDocument): RuleViolation[] {
  // With a summary in place, a later blockquote is details (any Markdown but headings); without one, it is a summary out of place.
  if (!document.title || document.summary) return [];
  return document.details
    .filter((block) => block.kind === "blockquote")
    .map((block) => ({
      rule: "summary-after-h1" as const,
      line: block.line,
      problem: `line ${block.line} ${quote(block.firstLine)} is a blockquote after the details: the summary must come directly after the H1`,
      fix: `Move the blockquote on line ${block.line} ${quote(block.firstLine)} directly under the H1 on line ${document.title!.line}, before any other text.`,
    }));
}

function detailsWithoutHeadings(document: LlmsTxtDocument): RuleViolation[] {
  // Extra H1s are the h1-first rule's; here, the deeper headings that break the split at H2s.
  return document.details
    .filter((block): block is HeadingBlock => block.kind === "heading" && block.level > 1)
    .map((heading) => ({
      rule: "details-without-headings" as const,
      line: heading.line,
      problem: `line ${heading.line} ${quote(heading.firstLine)} is a heading in the details before the first H2`,
      fix: `Line ${heading.line} ${quote(heading.firstLine)}: write it as plain or bold text (\`**${heading.text}**\`); only H2 sections of links may follow the details.`,
    }));
}

function h2FileLists({ document, origin }: LlmsTxtFacts): RuleViolation[] {
  return document.sections.flatMap((section) => [...emptySection(section), ...section.blocks.flatMap((block) => sectionBlock(block, origin))]);
}

function emptySection(section: LlmsTxtSection): RuleViolation[] {
  // A section with other content has that content reported instead.
  if (section.blocks.some((block) => block.kind !== "heading")) return [];
  const { heading } = section;
  return [
    {
      rule: "h2-file-lists",
      line: heading.line,
      problem: `the section ${quote(heading.firstLine)} on line ${heading.line} holds no list of links`,
      fix: `Under ${quote(heading.firstLine)} (line ${heading.line}), list its links as \`- [name](url): notes\`, or remove the heading.`,
    },
  ];
}

function sectionBlock(block: LlmsTxtBlock, origin: string): RuleViolation[] {
  // Sub-headings only group the lists (readers split at H2 and keep them); a second H1 is the h1-first rule's.
  if (block.kind === "heading") return [];
  if (block.kind === "list") return block.items.flatMap((item) => listItem(item, origin));
  const linked = block.kind === "paragraph" && /\[[^[\]\n]+\]\(/.test(block.firstLine);
  return [
    {
      rule: "h2-file-lists",
      line: block.line,
      problem: linked
        ? `line ${block.line} ${quote(block.firstLine)} is a paragraph, not a list: a file list is a Markdown list`
        : `line ${block.line} ${quote(block.firstLine)} is a ${block.kind === "break" ? "thematic break" : block.kind} inside an H2 section, which holds only a list of links`,
      fix: linked
        ? `Line${block.endLine > block.line ? `s ${block.line}–${block.endLine}` : ` ${block.line}`}: start each link with \`- \`, e.g. ${quote(`- ${block.firstLine}`)}.`
        : `Line ${block.line} ${quote(block.firstLine)}: move it above the first H2 (the details), or into a link's notes after \`: \`.`,
    },
  ];
}

function listItem(item: ListItem, origin: string): RuleViolation[] {
  const at = `line ${item.line} ${quote(item.firstLine)}`;
  if (!item.link && item.content.startsWith("[")) {
    return [
      {
        rule: "h2-file-lists",
        line: item.line,
        problem: `${at} does not start with a well-formed \`[name](url)\` link`,
        fix: `Line ${item.line} ${quote(item.firstLine)}: write the link as \`[name](url)\`, with the full URL and no spaces in it (e.g. \`- [Page name](${origin}/…): notes\`).`,
      },
    ];
  }
  if (!item.link) {
    // Split at the first colon by hand: `/\s*:.*$/` took time quadratic in a long run of spaces.
    const colon = item.content.indexOf(":");
    const name = (colon < 0 ? item.content : item.content.slice(0, colon)).trim() || "Page name";
    const notes = colon < 0 ? undefined : item.content.slice(colon + 1).trimStart() || undefined;
    return [
      {
        rule: "h2-file-lists",
        line: item.line,
        problem: `${at} is a list item without a \`[name](url)\` link at its start`,
        fix: `Line ${item.line} ${quote(item.firstLine)}: start the item with its link, ${quote(`- [${name}](${origin}/…): ${notes ?? "notes"}`)}, or move it above the first H2 (the details).`,
      },
    ];
  }
  const violations: RuleViolation[] = [];
  if (item.link.href === null) {
    violations.push({
      rule: "h2-file-lists",
      line: item.line,
      problem: `${at} links to \`${item.link.url}\`, which is not a URL`,
      fix: `Line ${item.line} ${quote(item.firstLine)}: write the full URL, e.g. \`[${item.link.name}](${origin}/…)\`.`,
    });
  }
  if (item.link.stray !== null) {
    violations.push({
      rule: "h2-file-lists",
      line: item.line,
      problem: `${at} has text after the link that does not start with \`:\``,
      fix: `Line ${item.line} ${quote(item.firstLine)}: put the notes after a colon, ${quote(`- [${item.link.name}](${item.link.url}): ${item.link.stray.replace(/^[-–—|,;]\s*/, "")}`)}.`,
    });
  }
  return violations;
}

function linksResolve({ document }: LlmsTxtFacts, checks: LinkCheck[]): RuleViolation[] {
  return checks
    .filter((check) => !check.ok || check.status >= 400)
    .map((check) => {
      const link = document.links.find((entry) => entry.href === check.url);
      const answer = check.ok ? `answers HTTP ${check.status}` : `could not be fetched (${check.error.message})`;
      const where = link ? `line ${link.line}: ` : "";
      return {
        rule: "links-resolve" as const,
        line: link?.line ?? null,
        problem: `${where}${check.url} ${answer}`,
        fix: `${link ? `Line ${link.line}: ` : ""}${check.url} ${answer}; point the link to the page's current URL, or remove it.`,
      };
    });
}

function textContentType({ url, contentType }: LlmsTxtFacts): RuleViolation[] {
  const problem = contentTypeProblem(url, contentType);
  return problem ? [{ rule: "text-content-type", line: null, problem: `${url} is ${problem.problem}`, fix: problem.fix }] : [];
}

/** A line quoted in backticks, shortened. */
export function quote(line: string): string {
  const trimmed = line.trim();
  const short = trimmed.length > 80 ? `${trimmed.slice(0, 79)}…` : trimmed;
  return short.includes("`") ? `“${short}”` : `\`${short}\``;
}
