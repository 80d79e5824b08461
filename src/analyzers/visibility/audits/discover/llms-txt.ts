import type { Artifacts, TextFileArtifact } from "../../gather/artifacts.ts";
import { markdownLinks } from "../../gather/llms-links.ts";
import { rawLinks } from "../../gather/raw-html.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { siteName, siteOriginOf } from "../site-identity.ts";
import { sitePages } from "../site-pages.ts";

/**
 * llms.txt (llmstxt.org): a Markdown file at /llms.txt that gives language models a curated map of the
 * site: one H1 with the name, an optional blockquote summary, then H2 sections of `- [name](url): notes`
 * links. Served as text, with links that resolve.
 */
export const llmsTxt: AuditDefinition = {
  id: "llms-txt",
  title: "An llms.txt guides AI agents to the important pages",
  pillar: "discover",
  weight: 20,
  impact: "medium",
  run,
};

type Found = Extract<TextFileArtifact, { ok: true }>;

function run(artifacts: Artifacts): AuditOutcome {
  const files = artifacts.llmsTxt;
  if (!files) return unknownOutcome("llms.txt was not requested in this scan.");
  const found = files.find((file): file is Found => file.ok && file.status === 200 && !looksLikeHtml(file));
  if (!found) {
    const errors = files.filter((file) => !file.ok);
    const refused = files.find((file) => file.ok && ([401, 403, 429].includes(file.status) || file.status >= 500));
    if (refused && refused.ok) return unknownOutcome(`${refused.url} answered HTTP ${refused.status}: the scanner was refused, so whether an llms.txt exists is unknown.`);
    if (errors.length === files.length) return unknownOutcome(`llms.txt could not be fetched (${errors.map((file) => (file.ok ? "" : file.error.message)).join("; ")}).`);
    return {
      status: "fail",
      score: 0,
      detail: `There is no llms.txt: ${files.map((file) => `${file.url} → ${file.ok ? `HTTP ${file.status}${file.status === 200 ? " (an HTML page)" : ""}` : file.error.code}`).join(", ")}.`,
      evidence: files.map((file) => `${file.url}: ${file.ok ? file.status : file.error.code}`),
      fix: { what: "Publish an llms.txt", why: WHY, how: `Create ${siteOriginOf(artifacts)}/llms.txt (Content-Type text/plain or text/markdown), for example:\n\n${skeleton(artifacts)}`, effort: "S" },
    };
  }
  const problems = validate(found.text, found);
  const broken = (artifacts.llmsLinks ?? []).filter((link) => !link.ok || link.status >= 400);
  for (const link of broken) problems.push(`the link ${link.url} does not resolve (${link.ok ? `HTTP ${link.status}` : link.error.message})`);
  const evidence = [`${found.url}: HTTP ${found.status}, ${found.contentType ?? "no Content-Type"}`, ...found.text.split("\n").filter((line) => line.trim()).slice(0, 3).map((line) => line.slice(0, 100))];
  if (problems.length === 0) return passed(`${found.url} follows the llms.txt format${artifacts.llmsLinks?.length ? ` and the ${artifacts.llmsLinks.length} links checked resolve` : ""}.`, evidence);
  return {
    status: "warn",
    score: Math.max(0.3, 1 - 0.2 * problems.length),
    detail: `${found.url} exists but ${problems.join("; ")}.`,
    evidence,
    fix: {
      what: "Fix the llms.txt format",
      why: WHY,
      how: `Correct ${found.url}: ${problems.join("; ")}. The expected shape:\n\n${skeleton(artifacts)}`,
      effort: "S",
    },
  };
}

const WHY = "llms.txt hands AI agents a short, curated map of the site in plain Markdown, so they find the pages that answer questions without crawling everything.";

function looksLikeHtml(file: Found): boolean {
  return /html/i.test(file.contentType ?? "") || /^\s*<(?:!doctype|html|head|body)/i.test(file.text);
}

/** The format problems of an llms.txt, in words. */
export function validate(text: string, file: Pick<Found, "contentType" | "finalUrl">): string[] {
  const problems: string[] = [];
  const lines = outsideCodeFences(text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/));
  const content = lines.filter((line) => line.trim() !== "");
  const h1s = lines.filter((line) => /^#\s+\S/.test(line));
  if (content.length === 0) return ["the file is empty"];
  if (!/^#\s+\S/.test(content[0]!)) problems.push("it does not start with an H1 (`# Site name`)");
  if (h1s.length > 1) problems.push(`it has ${h1s.length} H1 headings instead of one`);
  const h2s = lines.filter((line) => /^##\s+\S/.test(line));
  const listLinks = lines.filter((line) => /^\s*[-*]\s+\[[^\]]+\]\([^)]+\)/.test(line));
  if (h2s.length === 0) problems.push("it has no H2 sections (`## Docs`) grouping its links");
  const stray = headingsBeforeSections(lines);
  if (stray.length > 0) problems.push(`the text between the summary and the first H2 section contains ${stray.length === 1 ? "a heading" : `${stray.length} headings`} (${stray.slice(0, 3).map((line) => `\`${line.trim().slice(0, 60)}\``).join(", ")}): only paragraphs and lists belong there; make them H2 sections or plain text`);
  if (listLinks.length === 0) problems.push("it lists no links in the form `- [name](url): notes`");
  const unparsable = markdownLinks(text, file.finalUrl).length < [...text.matchAll(/\[[^\]\n]*\]\(/g)].length;
  if (unparsable) problems.push("some links have URLs that cannot be parsed");
  const type = (file.contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type && !type.startsWith("text/")) problems.push(`it is served as ${type} instead of text/plain or text/markdown`);
  return problems;
}

/** The lines outside fenced code blocks, where `#` starts a comment rather than a heading. */
function outsideCodeFences(lines: string[]): string[] {
  let fenced = false;
  return lines.filter((line) => {
    if (/^\s*(?:```|~~~)/.test(line)) {
      fenced = !fenced;
      return false;
    }
    return !fenced;
  });
}

/**
 * Headings (other than the H1) before the first H2: the format allows only paragraphs and lists between
 * the blockquote summary and the H2 sections, because readers split the file at H2s and take what comes
 * before them as the site's description.
 */
export function headingsBeforeSections(lines: string[]): string[] {
  const found: string[] = [];
  for (const line of lines) {
    if (!/^\s{0,3}#{1,6}(?:\s|$)/.test(line)) continue;
    if (/^\s{0,3}##(?:\s|$)/.test(line)) break;
    // H1s are the title (and extra ones are reported as such); only deeper headings are stray here.
    if (!/^\s{0,3}#(?:\s|$)/.test(line)) found.push(line);
  }
  return found;
}

/** An llms.txt filled with the site's own name, description and pages. */
export function skeleton(artifacts: Artifacts): string {
  const origin = siteOriginOf(artifacts);
  const pages = sitePages(artifacts);
  const home = pages.find((page) => page.role === "home");
  const description = home?.document.querySelector('meta[name="description"]')?.getAttribute("content")?.trim() || `What ${siteName(artifacts)} offers, in one sentence.`;
  const linked = artifacts.homepage.ok
    ? rawLinks(artifacts.homepage.html, 200)
        .filter((link) => link.text && !/^(?:#|mailto:|tel:|javascript:)/i.test(link.href))
        .map((link) => ({ name: link.text.slice(0, 60), url: URL.canParse(link.href, origin) ? new URL(link.href, origin) : null }))
        .filter((link): link is { name: string; url: URL } => link.url !== null && link.url.origin === origin && link.url.pathname !== "/")
    : [];
  const unique = [...new Map(linked.map((link) => [link.url.href, link])).values()].slice(0, 6);
  const entries = unique.length > 0 ? unique.map((link) => `- [${link.name}](${link.url.href}): what this page answers`) : [`- [About](${origin}/about): who we are`, `- [Contact](${origin}/contact): how to reach us`];
  return [`# ${siteName(artifacts)}`, "", `> ${description}`, "", "## Main pages", "", ...entries, "", "## Optional", "", `- [Sitemap](${origin}/sitemap.xml): every page`].join("\n");
}
