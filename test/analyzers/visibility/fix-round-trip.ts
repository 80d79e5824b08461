import { expect } from "bun:test";
import robotsParser from "robots-parser";
import type { SchemaResult } from "../../../src/analyzers/schema/record-schema.ts";
import { parseHtml } from "../../../src/analyzers/structured-data/html-document.ts";
import { parseBlock } from "../../../src/analyzers/structured-data/json-ld.ts";
import { jsonLdScripts } from "../../../src/analyzers/structured-data/json-ld-scripts.ts";
import { termName } from "../../../src/analyzers/structured-data/schema-org-term.ts";
import { structuredGraph } from "../../../src/analyzers/structured-data/structured-graph.ts";
import type { AuditOutcome, AuditRule, Fix, FixCode } from "../../../src/analyzers/visibility/audits/audit.ts";
import { AUDIT_RULES } from "../../../src/analyzers/visibility/audits/registry.ts";
import { runAudit } from "../../../src/analyzers/visibility/audits/run-audit.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import { analyzeHtml } from "../schema/analyze-fixtures.ts";
import { robotsGroups } from "../../../src/analyzers/visibility/derive/robots/robots-groups.ts";
import { crawlersFor } from "../../../src/analyzers/visibility/crawlers.ts";
import { platformReach } from "../../../src/analyzers/visibility/derive/platform-reach.ts";
import { homepagePath, robotsPolicy, verdictFor } from "../../../src/analyzers/visibility/derive/robots/robots-policy.ts";
import { summariseSitemap } from "../../../src/analyzers/visibility/gather/sitemap-summary.ts";

/**
 * The round trip every visibility fix with code must pass, as the schema service's suggestions pass theirs
 * (test/analyzers/schema/generated-round-trip.ts, whose analysis it reuses): each code block of `how` is
 * placed (`fix.code`); applied where it says (a block in a page's <head>, a node replaced in place, a file at
 * its URL), with placeholders (<…>) filled as the owner would, the audit is judged again on the changed
 * artifacts and passes; every `@id` the blocks refer to is defined on the page; the page's structured data
 * has no validation error it did not have; and the schema service suggests no node of a type the fix added.
 */

/** Audits whose fixes carry placed code; every code block of their `how` must have its `fix.code` entry. */
export const PLACED_AUDITS = [
  "json-ld-present",
  "organization-identity",
  "website-schema",
  "schema-type-fit",
  "llms-txt",
  "open-graph",
  "robots-sitemap",
  "robots-ai-search-access",
  "ai-platform-reach",
  "sitemap-valid",
  "image-alt",
  // Gives no block (the owner writes the questions and answers): listed so that one added unplaced fails.
  "question-headings",
] as const;

export function auditById(id: string): AuditRule {
  return AUDIT_RULES.find((rule) => rule.id === id)!;
}

/** The fenced blocks of a fix's `how`, as docs/report-fields.md defines them. */
export function blocksOf(how: string): string[] {
  const blocks: string[] = [];
  const lines = how.split("\n");
  for (let index = 0; index < lines.length; index++) {
    const open = /^(`{3,})\w*$/.exec(lines[index]!);
    if (!open) continue;
    const body: string[] = [];
    for (index++; index < lines.length && lines[index] !== open[1]; index++) body.push(lines[index]!);
    blocks.push(body.join("\n"));
  }
  return blocks;
}

/** Values the owner fills in where a block says <…>: a realistic value of the kind asked for. */
export function fillPlaceholders(code: string): string {
  return code
    .replace(/<YYYY-MM-DD>/g, "2026-11-01")
    .replace(/<ISO 4217 code>/g, "EUR")
    .replace(/<the article's title>/g, "Our new oven")
    .replace(/<the product's name>/g, "Sourdough loaf")
    .replace(/<your ([^<>]*)>/g, (_, words: string) => `filled-${words.replace(/\W+/g, "-")}`);
}

/** The artifacts after applying every placed block of the fix, then reading the sitemap where the scan would look for it. */
export function applyFix(artifacts: Artifacts, fix: Fix): Artifacts {
  let changed: Artifacts = structuredClone(artifacts);
  const written = new Map<string, string>();
  for (const entry of fix.code ?? []) changed = applyCode(changed, entry, written);
  return written.size > 0 ? withSitemapRead(changed, written) : changed;
}

function robotsArtifact(url: string, text: string): Artifacts["robotsTxt"] {
  return { ok: true, url, finalUrl: url, status: 200, contentType: "text/plain; charset=utf-8", text, truncated: false, redirects: [] };
}

function applyCode(artifacts: Artifacts, entry: FixCode, written: Map<string, string>): Artifacts {
  const code = fillPlaceholders(entry.code);
  const { where } = entry;
  if (where.kind === "lines") {
    if (!where.url.endsWith("/robots.txt")) throw new Error(`no lines placement known for ${where.url}`);
    const robots = artifacts.robotsTxt;
    // An HTML page at /robots.txt is no robots.txt: the owner creates one.
    const text = robots.ok && robots.status >= 200 && robots.status < 300 && !/html/i.test(robots.contentType ?? "") ? `${robots.text.replace(/\n*$/, "\n")}\n${code}\n` : `${code}\n`;
    return { ...artifacts, robotsTxt: robotsArtifact(where.url, text) };
  }
  if (where.kind === "file") {
    if (where.url.endsWith("/robots.txt")) return { ...artifacts, robotsTxt: robotsArtifact(where.url, `${code}\n`) };
    if (!where.url.endsWith("/llms.txt")) {
      written.set(where.url, code);
      return artifacts;
    }
    const file = { url: where.url, ok: true as const, status: 200, finalUrl: where.url, contentType: "text/markdown; charset=utf-8", text: code, truncated: false };
    return { ...artifacts, llmsTxt: [file, ...(artifacts.llmsTxt ?? []).filter((existing) => existing.url !== where.url)], llmsLinks: [] };
  }
  if (where.kind === "element") {
    return withPageHtml(artifacts, where.url, (html) => {
      if (!html.includes(where.element)) throw new Error(`${where.url} has no ${where.element}`);
      return html.split(where.element).join(code);
    });
  }
  return withPageHtml(artifacts, where.url, (html) => (where.kind === "head" ? intoHead(html, code) : replaceNode(html, where.path, code)));
}

/** The sitemap the scan reads after the fix: the first Sitemap line of a 200 robots.txt, else /sitemap.xml (gather/index.ts), as the fix wrote it. */
function withSitemapRead(artifacts: Artifacts, written: Map<string, string>): Artifacts {
  const robots = artifacts.robotsTxt;
  const origin = new URL(artifacts.homepage.ok ? artifacts.homepage.finalUrl : `https://${artifacts.domain}/`).origin;
  const listed = robots.ok && robots.status === 200 ? robotsGroups(robots.text.split(/\r\n|\r|\n/)).sitemaps.find((sitemap) => URL.canParse(sitemap.url)) : undefined;
  const url = listed ? new URL(listed.url).href : `${origin}/sitemap.xml`;
  const text = written.get(url);
  if (text === undefined) throw new Error(`the scan would read the sitemap at ${url}, which the fix does not write (it writes ${[...written.keys()].join(", ")})`);
  return { ...artifacts, sitemap: { ok: true, source: listed ? "robots" : "default", url, status: 200, contentType: "application/xml", truncated: false, ...summariseSitemap(text) } };
}

function withPageHtml(artifacts: Artifacts, url: string, change: (html: string) => string): Artifacts {
  if (artifacts.homepage.ok && artifacts.homepage.finalUrl === url) return { ...artifacts, homepage: { ...artifacts.homepage, html: change(artifacts.homepage.html) } };
  const samples = artifacts.samplePages ?? [];
  const index = samples.findIndex((sample) => sample.ok && sample.finalUrl === url);
  if (index < 0) throw new Error(`the fix names ${url}, which is no page the scan read`);
  const sample = samples[index]!;
  if (!sample.ok) throw new Error("unreachable");
  return { ...artifacts, samplePages: samples.map((entry, at) => (at === index ? { ...sample, html: change(sample.html) } : entry)) };
}

export function intoHead(html: string, code: string): string {
  const close = /<\/head>/i.exec(html);
  if (close) return `${html.slice(0, close.index)}${code}\n${html.slice(close.index)}`;
  const open = /<head\b[^>]*>/i.exec(html);
  if (open) return `${html.slice(0, open.index + open[0].length)}${code}${html.slice(open.index + open[0].length)}`;
  return `${code}\n${html}`;
}

/** Replaces the JSON-LD node at `path` (`json-ld[1] @graph[2] publisher`) with the block's node, keeping the block's @context where the node stood at the top. */
function replaceNode(html: string, path: string, code: string): string {
  const replacement = JSON.parse(code.replace(/^<script[^>]*>/, "").replace(/<\/script>$/, "")) as Record<string, unknown>;
  const match = /^json-ld\[(\d+)\]((?:\[\d+\])*)(.*)$/.exec(path);
  if (!match) throw new Error(`not a JSON-LD path: ${path}`);
  const script = jsonLdScripts(html)[Number(match[1])]!;
  const parsed = parseBlock(script.text);
  if (!parsed.ok) throw new Error(parsed.error);
  const root = parsed.value;
  const steps = [...match[2]!.matchAll(/\[(\d+)\]/g)].map((step) => Number(step[1]));
  const keys = match[3]!.trim() === "" ? [] : match[3]!.trim().split(" ");
  let parent: unknown = null;
  let key: string | number | null = null;
  let current: unknown = root;
  const descend = (next: string | number) => {
    parent = current;
    key = next;
    current = (current as Record<string | number, unknown>)[next];
  };
  for (const step of steps) descend(step);
  for (const token of keys) {
    const graph = /^@graph\[(\d+)\]$/.exec(token);
    if (graph) {
      descend("@graph");
      descend(Number(graph[1]));
      continue;
    }
    const object = current as Record<string, unknown>;
    descend(Object.keys(object).find((name) => name === token || termName(name) === token)!);
    if (Array.isArray(current)) descend(current.findIndex((member) => typeof member === "object" && member !== null));
  }
  const node = { ...replacement };
  if (parent !== null) delete node["@context"];
  else if (typeof current === "object" && current !== null && "@context" in current) node["@context"] = (current as Record<string, unknown>)["@context"];
  const changed = parent === null ? node : (((parent as Record<string | number, unknown>)[key!] = node), root);
  const text = JSON.stringify(changed).replace(/<\//g, "<\\/");
  return `${html.slice(0, script.offset)}${text}${html.slice(script.offset + script.text.length)}`;
}

/** Every `{"@id": …}` reference (an object with nothing but an @id) in a value. */
export function referencesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((member) => referencesIn(member, found));
  else if (typeof value === "object" && value !== null) {
    const id = (value as Record<string, unknown>)["@id"];
    if (Object.keys(value).length === 1 && typeof id === "string") found.push(id);
    for (const member of Object.values(value)) referencesIn(member, found);
  }
  return found;
}

/** The @types a block states, nested nodes included. */
function typesIn(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((member) => typesIn(member, found));
  else if (typeof value === "object" && value !== null) {
    const type = (value as Record<string, unknown>)["@type"];
    if (typeof type === "string") found.add(type);
    for (const member of Object.values(value)) typesIn(member, found);
  }
  return found;
}

function pageHtml(artifacts: Artifacts, url: string): string {
  if (artifacts.homepage.ok && artifacts.homepage.finalUrl === url) return artifacts.homepage.html;
  const sample = (artifacts.samplePages ?? []).find((entry) => entry.ok && entry.finalUrl === url);
  return sample && sample.ok ? sample.html : "";
}

/** Errors by what they say: a fix that copies a node's own values (an error it has) into JSON-LD adds no new kind of error. */
function errorsOf(result: SchemaResult): string[] {
  return result.items.flatMap((item) => item.errors.map((error) => (typeof error === "string" ? error : JSON.stringify(error))));
}

/**
 * The whole round trip for one audit's fix on one site. Returns what went wrong, in words (empty when
 * sound), so that corpus runs can list every page at once; fixtures assert it is empty.
 */
export function roundTripProblems(artifacts: Artifacts, auditId: string): string[] {
  const audit = auditById(auditId);
  const before = runAudit(audit, artifacts);
  if (!before.fix || (before.status !== "fail" && before.status !== "warn")) return [];
  if (blocksOf(before.fix.how).length === 0 && !before.fix.code) return [];
  return fixProblems(artifacts, auditId, before);
}

function fixProblems(artifacts: Artifacts, auditId: string, before: AuditOutcome): string[] {
  const fix = before.fix!;
  const problems: string[] = [];
  const placed = (fix.code ?? []).map((entry) => entry.code);
  const blocks = blocksOf(fix.how);
  if (JSON.stringify(blocks) !== JSON.stringify(placed)) problems.push(`the blocks of how are not the placed code: ${blocks.length} blocks, ${placed.length} placed`);
  let after: Artifacts;
  try {
    after = applyFix(artifacts, fix);
  } catch (error) {
    return [...problems, `could not apply: ${String(error)}`];
  }
  const judged = runAudit(auditById(auditId), after);
  if (auditId === "ai-platform-reach") {
    // Its code is the robots.txt step; the other steps (an edge rule, a render) are work on the server, in words.
    const robotsCauses = (state: Artifacts) => platformReach(state).platforms.flatMap((verdict) => verdict.causes).filter((cause) => cause.kind === "robots-rule");
    const left = robotsCauses(after);
    if (left.length > 0) problems.push(`after the fix robots.txt still keeps out ${left.map((cause) => cause.agent).join(", ")}`);
    const only = platformReach(artifacts).platforms.every((verdict) => verdict.causes.every((cause) => cause.kind === "robots-rule"));
    if (only && judged.status !== "pass") problems.push(`after the fix ${auditId} is ${judged.status}: ${judged.detail}`);
  } else if (judged.status !== "pass") problems.push(`after the fix ${auditId} is ${judged.status}: ${judged.detail}`);
  if (auditId === "robots-ai-search-access" || auditId === "ai-platform-reach") problems.push(...robotsProblems(artifacts, after));
  for (const entry of fix.code ?? []) {
    if (entry.where.kind === "file" || entry.where.kind === "lines") continue;
    const url = entry.where.url;
    const oldHtml = pageHtml(artifacts, url);
    const newHtml = pageHtml(after, url);
    const script = /^<script type="application\/ld\+json">([\s\S]*)<\/script>$/.exec(fillPlaceholders(entry.code));
    const block = script ? (JSON.parse(script[1]!) as unknown) : null;
    const ids = new Set(structuredGraph(parseHtml(newHtml), newHtml, url).byId.keys());
    for (const reference of referencesIn(block)) if (!ids.has(reference)) problems.push(`${url}: the fix refers to ${reference}, which nothing on the page defines`);
    const oldResult = analyzeHtml(oldHtml, url);
    const newResult = analyzeHtml(newHtml, url);
    const oldErrors = new Set(errorsOf(oldResult));
    const added = errorsOf(newResult).filter((error) => !oldErrors.has(error));
    if (added.length > 0) problems.push(`${url}: new structured-data errors: ${added.slice(0, 5).join(" | ")}`);
    if (newResult.problems.length > oldResult.problems.length) problems.push(`${url}: new extraction problems: ${newResult.problems.map((problem) => problem.message).join(" | ")}`);
    const covered = typesIn(block);
    const still = newResult.generated.flatMap((generated) => (generated.nodes ?? []).map((node) => node.type)).filter((type) => covered.has(type));
    if (still.length > 0) problems.push(`${url}: the schema service still suggests ${still.join(", ")}`);
  }
  return problems;
}

/** Agents a fix may let in: AI search and assistant agents, never a crawler that only trains models. */
const MAY_FREE = new Set(crawlersFor("search", "user").map((crawler) => crawler.token.toLowerCase()));
/** Paths probed per agent: beyond this, a robots.txt is compared on its first rules' paths. */
const MAX_PATHS = 300;

/**
 * RFC 9309 read on both files: the changed robots.txt parses as rules, every agent keeps exactly the access
 * it had on every path its rules name (and its Crawl-delay), except AI search and assistant agents, which may
 * only gain access; and the Sitemap lines are the same.
 */
export function robotsProblems(before: Artifacts, after: Artifacts): string[] {
  const old = robotsPolicy(before);
  const now = robotsPolicy(after);
  if (now.kind !== "rules") return [`the changed robots.txt is read as ${now.kind}`];
  if (old.kind !== "rules") return [];
  const problems: string[] = [];
  const home = homepagePath(before);
  const groups = [...robotsGroups(old.lines).groups, ...robotsGroups(now.lines).groups];
  // An agent neither file names follows `*` in both: one stands for all of them.
  const agents = new Set(["UnlistedBot", ...groups.flatMap((group) => group.agentLines.flatMap((line) => line.agents)).filter((agent) => agent !== "*")]);
  const patterns = groups.flatMap((group) => group.rules.map((rule) => rule.pattern)).filter((pattern) => pattern.startsWith("/"));
  const paths = [...new Set(["/", home, "/x", ...patterns.flatMap((pattern) => { const literal = pattern.replace(/\*/g, "x").replace(/\$$/, ""); return [literal, `${literal}x`, `${literal}/x`]; })])].slice(0, MAX_PATHS);
  for (const agent of agents) {
    const freed = MAY_FREE.has(agent.toLowerCase());
    for (const path of paths) {
      const was = verdictFor(old, agent, path).allowed;
      const is = verdictFor(now, agent, path).allowed;
      if (was === is) continue;
      // An AI agent let in gains a path only where a rule that also keeps it off the homepage decided.
      const decided = verdictFor(old, agent, path).rule;
      const lifted = freed && is && decided !== null && blocksHomepage(old.url, decided.text, home);
      if (!lifted) problems.push(`${agent} ${was ? "loses" : "gains"} ${path}`);
    }
    if (old.robot.getCrawlDelay(agent) !== now.robot.getCrawlDelay(agent)) problems.push(`${agent}'s Crawl-delay changes`);
  }
  if (JSON.stringify(old.robot.getSitemaps()) !== JSON.stringify(now.robot.getSitemaps())) problems.push(`the Sitemap lines change: ${old.robot.getSitemaps().join(" ")} → ${now.robot.getSitemaps().join(" ")}`);
  return problems.slice(0, 10);
}

/** Whether the rule line, alone, disallows the homepage. */
function blocksHomepage(url: string, rule: string, home: string): boolean {
  if (!/^disallow\s*:/i.test(rule)) return false;
  return robotsParser(url, `User-agent: probe\n${rule.replace(/#.*/, "")}`).isAllowed(`${new URL(url).origin}${home}`, "probe") === false;
}

/** Fixture assertion: the fix is placed, applied it clears the finding, and nothing breaks. */
export function expectRoundTrip(artifacts: Artifacts, auditId: string): void {
  const before = runAudit(auditById(auditId), artifacts);
  expect(before.fix?.code?.length ?? 0).toBeGreaterThan(0);
  expect(fixProblems(artifacts, auditId, before)).toEqual([]);
}
