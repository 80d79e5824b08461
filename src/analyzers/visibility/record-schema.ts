import { type Static, Type } from "@sinclair/typebox";
import { RescoredFromSchema } from "../rescored-from-schema.ts";
import { PILLAR_IDS } from "./scoring/pillars.ts";
import { SiteSummarySchema } from "./site-record-schema.ts";

/**
 * The stored and served visibility record (spec/visibility-interface.md). The OpenAPI description is
 * generated from this schema, so every field carries its description here.
 */

const ISO_8601_UTC = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z$";

export const FixSchema = Type.Object(
  {
    what: Type.String({ description: "The change to make, in a few words." }),
    why: Type.String({ description: "Why it matters for AI visibility." }),
    how: Type.String({
      description:
        "How to do it on this site: concrete steps, often the exact lines to add. Code to paste stands in fenced blocks (a line of three or more backticks with a language such as `html`, `text`, `markdown` or `xml`, the code, and a closing line of as many backticks) and names in single backticks, so that a client can copy only the code (docs/report-fields.md).",
    }),
    effort: Type.Union([Type.Literal("S"), Type.Literal("M"), Type.Literal("L")], { description: "Rough effort: S (minutes), M (hours), L (days)." }),
    code: Type.Optional(
      Type.Array(
        Type.Object(
          {
            where: Type.Union(
              [
                Type.Object({ kind: Type.Literal("head", { description: "`head`" }), url: Type.String({ description: "The page." }) }, { description: "Add the block to the `<head>` of the page at `url`." }),
                Type.Object(
                  { kind: Type.Literal("replace-node", { description: "`replace-node`" }), url: Type.String({ description: "The page." }), path: Type.String({ description: "Where the node sits in the page's JSON-LD, e.g. `json-ld[0] @graph[2]` or `json-ld[1] publisher`." }) },
                  { description: "Replace the JSON-LD node at `path` on the page at `url` with the block's node." },
                ),
                Type.Object({ kind: Type.Literal("file", { description: "`file`" }), url: Type.String({ description: "The file's address, e.g. `https://example.com/llms.txt`." }) }, { description: "The whole file at `url`: create it, or replace what is there." }),
                Type.Object({ kind: Type.Literal("lines", { description: "`lines`" }), url: Type.String({ description: "The file's address, e.g. `https://example.com/robots.txt`." }) }, { description: "Lines to add to the file at `url`, creating it when there is none." }),
                Type.Object(
                  {
                    kind: Type.Literal("element", { description: "`element`" }),
                    url: Type.String({ description: "The page." }),
                    element: Type.String({ description: "An element's start tag exactly as the page's HTML source writes it, e.g. `<img src=\"/logo.png\" width=\"120\">`." }),
                  },
                  { description: "Replace `element` wherever it occurs in the source of the page at `url` with the block: the same tag with what it lacks, such as an alt attribute." },
                ),
              ],
              { description: "Where the block goes: `head`, `replace-node`, `file`, `lines` or `element`." },
            ),
            language: Type.String({ description: "The block's label in `how`: `html`, `markdown`, `text`, `xml`." }),
            code: Type.String({ description: "The block's code, exactly as in `how`." }),
          },
          { description: "One code block of `how` and where it goes." },
        ),
        { description: "Every code block of `how` with where it goes, so that a client can apply the fix as given (docs/report-fields.md). Absent from fixes without placed code and from older records." },
      ),
    ),
  },
  { description: "How to fix an issue." },
);

export const SignalSchema = Type.Object(
  {
    id: Type.String({ description: "Stable kebab-case id of the audit, e.g. `robots-ai-search-access`." }),
    title: Type.String({ description: "What the audit checks, in plain words." }),
    status: Type.Union([Type.Literal("pass"), Type.Literal("warn"), Type.Literal("fail"), Type.Literal("na"), Type.Literal("unknown")], {
      description: "`pass`, `warn`, `fail`; `na` when the audit does not apply to this site; `unknown` when it could not be judged. `na` and `unknown` do not count toward the pillar score.",
    }),
    score: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: "0-1, or null when status is `na` or `unknown`." }),
    weight: Type.Number({ minimum: 0, description: "Relative weight of the audit within its pillar; 0 means reported but not scored." }),
    detail: Type.String({ description: "What was found, in a sentence or two." }),
    evidence: Type.Array(Type.String(), { description: "Short quotes of what was seen: a header, a robots.txt line, a URL and status." }),
    impact: Type.Optional(
      Type.Union([Type.Literal("critical"), Type.Literal("high"), Type.Literal("medium"), Type.Literal("low")], {
        description: "How much the audited thing matters for AI visibility, as in `topIssues`. Absent from records scored before signals carried it.",
      }),
    ),
    fix: Type.Optional(Type.Object(FixSchema.properties, { description: "How to fix it, when the status is `fail` or `warn`: the same fix a top issue carries, also for the checks beyond the top 10. Absent otherwise, and from older records." })),
  },
  { description: "One audit's finding about the site." },
);

export const PillarSchema = Type.Object(
  {
    id: Type.Union(
      PILLAR_IDS.map((id) => Type.Literal(id)),
      { description: "Pillar id: access, render, discover, structure, content, trust or presence." },
    ),
    title: Type.String({ description: "The pillar's name." }),
    score: Type.Integer({ minimum: 0, maximum: 100, description: "0-100: the weighted mean of the pillar's applicable signals. 0 when none applies." }),
    points: Type.Number({ minimum: 0, maximum: 100, description: "score × weight / 100, rounded to one decimal: the pillar's contribution to the overall score. 0 when no signal applies." }),
    weight: Type.Number({ minimum: 0, maximum: 100, description: "The pillar's weight; the weights of all pillars sum to 100." }),
    signals: Type.Array(SignalSchema, { description: "Every audit of the pillar, applicable or not." }),
  },
  { description: "One of the seven areas the score is built from." },
);

export const IssueSchema = Type.Object(
  {
    id: Type.String({ description: "The id of the audit that found the issue." }),
    title: Type.String({ description: "What the audit checks." }),
    status: Type.Union([Type.Literal("fail"), Type.Literal("warn")], { description: "How bad it is." }),
    impact: Type.Union([Type.Literal("critical"), Type.Literal("high"), Type.Literal("medium"), Type.Literal("low")], {
      description: "How much the audited thing matters for AI visibility.",
    }),
    detail: Type.String({ description: "What was found." }),
    fix: FixSchema,
    points: Type.Optional(
      Type.Number({
        minimum: 0,
        maximum: 100,
        description: "The overall points the issue costs (with those of the same cause found by `alsoFoundBy`), to one decimal: how much the score, gates aside, rises when it is fixed. Absent from older records.",
      }),
    ),
    stage: Type.Optional(
      Type.Union([Type.Literal("reach"), Type.Literal("understand"), Type.Literal("presence")], {
        description: "Where it stands in the order to act: `reach` (what stops AI platforms finding or reading the site), `understand` (what helps them use it), `presence` (off-site, weeks to months). Absent from older records.",
      }),
    ),
    alsoFoundBy: Type.Optional(Type.Array(Type.String(), { description: "Other audits that report the same cause, ranked once through this issue; their findings stay in the pillars." })),
  },
  { description: "An issue worth fixing. Issues behind a gate come first, then by stage (reach, understand, presence), within a stage by the points they cost, then by effort." },
);

export const GateSchema = Type.Object(
  {
    id: Type.String({ description: "The gate's id in the gates table, e.g. `minority-reach`, `no-platform-reads`, `empty-app-shell`." }),
    audit: Type.String({ description: "The audit whose finding holds the gate; its issue leads `topIssues`." }),
    maxGrade: Type.Union([Type.Literal("A"), Type.Literal("B"), Type.Literal("C"), Type.Literal("D"), Type.Literal("F")], { description: "The best grade the site can get while the gate holds." }),
    maxScore: Type.Integer({ minimum: 0, maximum: 100, description: "The highest score while the gate holds." }),
    detail: Type.String({ description: "Why, in a few words: the platforms lost, or what the homepage is." }),
  },
  { description: "A gate that caps the grade." },
);

export const ResultSchema = Type.Object(
  {
    score: Type.Integer({
      minimum: 0,
      maximum: 100,
      description: "0-100: the weighted mean of the applicable pillars, capped by the gates that hold (see `gates`): e.g. at most C when the AI platforms that can read the homepage hold less than half the audience.",
    }),
    grade: Type.Union([Type.Literal("A"), Type.Literal("B"), Type.Literal("C"), Type.Literal("D"), Type.Literal("F")], {
      description: "A ≥ 90, B ≥ 75, C ≥ 60, D ≥ 40, F below.",
    }),
    label: Type.String({ description: "The grade in words." }),
    pillars: Type.Array(PillarSchema, { description: "All seven pillars, in a fixed order." }),
    topIssues: Type.Array(IssueSchema, { maxItems: 10, description: "Up to 10 issues in the order to act: the finding behind the strictest gate first, then by stage (reach, understand, presence), within a stage by the points they cost, then by effort." }),
    gates: Type.Optional(Type.Array(GateSchema, { description: "The gates that hold, strictest first; empty when none does. Absent from records scored before gates were reported." })),
    site: Type.Optional(
      Type.Object(SiteSummarySchema.properties, {
        description: `${SiteSummarySchema.description} Absent from single-page scans and from older records.`,
      }),
    ),
  },
  { description: "The analysis; null when the scan failed." },
);

function offSiteCheck(description: string) {
  return Type.Object(
    {
      status: Type.Union([Type.Literal("found"), Type.Literal("not_found"), Type.Literal("unknown")], { description: "Whether the site was found in the source." }),
      detail: Type.String({ description: "What was found, or why it is unknown." }),
      url: Type.Union([Type.String(), Type.Null()], { description: "The entry found, or null." }),
    },
    { description },
  );
}

export const OffSiteSchema = Type.Object(
  {
    wikidata: offSiteCheck("The site's organisation on Wikidata."),
    wikipedia: offSiteCheck("A Wikipedia article about the site's organisation."),
    commonCrawl: offSiteCheck("The site's pages in the Common Crawl index."),
  },
  { description: "Off-site presence checks." },
);

export const SampledPageSchema = Type.Object(
  {
    url: Type.String({ description: "The URL fetched." }),
    role: Type.Union([Type.Literal("homepage"), Type.Literal("about"), Type.Literal("contact"), Type.Literal("privacy"), Type.Literal("content")], {
      description: "Why it was read: the homepage, the about, contact or privacy page, or another page of content.",
    }),
    source: Type.Union([Type.Literal("homepage"), Type.Literal("sitemap"), Type.Literal("request")], {
      description: "Where the scan found it: linked from the homepage, listed in the sitemap, or the domain asked for (the homepage).",
    }),
    status: Type.Union([Type.Integer(), Type.Null()], { description: "The HTTP status it answered, or null when it could not be fetched." }),
    error: Type.Optional(Type.String({ description: "Why it could not be fetched, when status is null." })),
  },
  { description: "One page the scan read." },
);

export const AgentOfferingSchema = Type.Object(
  {
    kind: Type.String({ description: 'What it is: "markdown", "llms-txt", "a2a-agent-card", "mcp-server-card", "api-catalog", "oauth-authorization-server", "oauth-protected-resource", or a retired or never-specified file ("ai-plugin", "mcp-json", "nlweb-json").' }),
    name: Type.String({ description: "Its name in words." }),
    url: Type.String({ description: "Where the scan found it." }),
    status: Type.Union([Type.Literal("offered"), Type.Literal("invalid"), Type.Literal("unspecified")], {
      description: '"offered"; "invalid" when a field its specification requires is missing (see note); "unspecified" for a retired or never-specified file.',
    }),
    note: Type.Union([Type.String(), Type.Null()], { description: "What is wrong with it, or what a retired file is; null when offered as specified." }),
  },
  { description: "One thing the site offers agents that read and act." },
);

export const VisibilityRecordSchema = Type.Object(
  {
    domain: Type.String({ description: "The scanned domain." }),
    status: Type.Union([Type.Literal("ok"), Type.Literal("failed")], { description: '"ok", or "failed" when the site could not be scanned (then `result` is null).' }),
    scannedAt: Type.String({ pattern: ISO_8601_UTC, description: "When the scan ran, ISO 8601 in UTC." }),
    result: Type.Union([ResultSchema, Type.Null()], { description: "The analysis; null when status is \"failed\"." }),
    offSite: Type.Union([OffSiteSchema, Type.Null()], {
      description: "Off-site presence checks; null for scans run before off-site checking existed, or when the check itself failed.",
    }),
    reason: Type.Optional(Type.String({ description: 'Only when status is "failed": why the site could not be scanned.' })),
    rescoredFrom: Type.Optional(RescoredFromSchema),
    pages: Type.Optional(Type.Array(SampledPageSchema, { description: "The pages the scan read: the homepage first, then the sampled pages. Absent from older records." })),
    agentOfferings: Type.Optional(Type.Array(AgentOfferingSchema, { maxItems: 16, description: "What the site offers agents: Markdown negotiation, llms.txt and the agent-protocol documents found. Absent from older records." })),
    durationMs: Type.Optional(
      Type.Union([Type.Integer({ minimum: 0 }), Type.Null()], { description: "How long gathering took, in milliseconds; null when unknown. Absent from older records." }),
    ),
  },
  { description: "The AI visibility scan record of a domain." },
);

export type VisibilityRecord = Static<typeof VisibilityRecordSchema>;
export type VisibilityResult = Static<typeof ResultSchema>;
export type Pillar = Static<typeof PillarSchema>;
export type Signal = Static<typeof SignalSchema>;
export type Issue = Static<typeof IssueSchema>;
