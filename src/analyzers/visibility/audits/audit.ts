import type { Artifacts } from "../gather/artifacts.ts";
import type { ReachSummary } from "../derive/platform-reach.ts";
import type { AuditInput, AuditInputs } from "./audit-inputs.ts";

export type { ReachSummary } from "../derive/platform-reach.ts";

/**
 * The contract of one audit: a pure function of the artifacts (no fetch, no clock, no database) that
 * judges one thing and says how to fix it.
 */

export type AuditStatus = "pass" | "warn" | "fail" | "na" | "unknown";
export type Impact = "critical" | "high" | "medium" | "low";
export type Effort = "S" | "M" | "L";

export interface Fix {
  what: string;
  why: string;
  how: string;
  effort: Effort;
  /**
   * Every code block of `how`, with where it goes, so that a client (and the round-trip test) can apply it
   * as given. Absent from fixes without code and from older records.
   */
  code?: FixCode[];
}

/** One block of a fix's code: the same text as its fenced block in `how`, and where it goes. */
export interface FixCode {
  where: FixPlacement;
  /** The label of its block in `how` ("html", "markdown", "text"). */
  language: string;
  code: string;
}

/**
 * Where a block goes:
 * - `head`: add it to the `<head>` of the page at `url` (a JSON-LD block joins the page's graph by its `@id`s);
 * - `replace-node`: replace the JSON-LD node at `path` (as the structured-data graph names it, e.g.
 *   `json-ld[0] @graph[2]`) on the page at `url` with the block's node: the node gains an `@id` and what it lacks;
 * - `file`: the whole file at `url` (create it, or replace what is there);
 * - `lines`: lines to add to the file at `url` (robots.txt), creating it when there is none;
 * - `element`: replace `element`, an element's start tag exactly as the source of the page at `url` writes it,
 *   wherever it occurs there, with the block (the same tag with what it lacks, such as an alt attribute).
 */
export type FixPlacement =
  | { kind: "head"; url: string }
  | { kind: "replace-node"; url: string; path: string }
  | { kind: "file"; url: string }
  | { kind: "lines"; url: string }
  | { kind: "element"; url: string; element: string };

export interface AuditOutcome {
  /** "na": does not apply to this site; "unknown": could not be judged (e.g. the artifact is missing). */
  status: AuditStatus;
  /** 0..1; null exactly when status is "na" or "unknown", which leaves the audit out of the pillar's denominator. */
  score: number | null;
  detail: string;
  /** Short strings quoting what was seen (a header, a robots.txt line). */
  evidence: string[];
  /** Required whenever score is below 1: specific to this site, never generic advice alone. */
  fix?: Fix;
  /**
   * Set when this audit's gate condition holds (noindex for every crawler, an empty app shell, an error
   * homepage): scoring/gates.ts says which audits' blocking findings cap the grade, and by how much.
   */
  blocking?: boolean;
  /** Only from ai-platform-reach: who can read the homepage, for the gates in scoring/gates.ts. */
  reach?: ReachSummary;
}

/**
 * A note the runner adds to every outcome of an audit that asks for it, so that no audit repeats it:
 * `robots-cut`, where robots.txt was cut at the size cap; `homepage-cut`, where the homepage was cut (its
 * bytes or its DOM); `pages-cut` and `content-pages-cut`, which of the pages judged (all readable pages, or
 * the content pages) had their DOM cut.
 */
export type AuditNote = "robots-cut" | "homepage-cut" | "pages-cut" | "content-pages-cut";

/**
 * An audit as its file defines it: what it judges and how. Its pillar and weight come from the scoring
 * table (scoring/audit-table.ts). `I` is what it declares in `requires`; a file names it
 * (`AuditRule<"readable-homepage">`), and the bare type stands for any audit.
 */
export interface AuditRule<I extends AuditInput = AuditInput> {
  /** Stable kebab-case id: stored in records, so never renamed. */
  id: string;
  title: string;
  impact: Impact;
  /**
   * What it needs to judge anything (empty: it judges whatever was gathered); when one is missing the
   * runner reports "unknown" with the reason and does not run it, else hands it each one resolved.
   */
  requires: readonly I[];
  /** What it says instead of an input's own reason when that input is missing, where its words say more. */
  missing?: { readonly [K in I]?: string };
  notes?: readonly AuditNote[];
  run(artifacts: Artifacts, inputs: AuditInputs<I>): AuditOutcome;
}

/** The outcome for an audit that cannot judge the site because what it reads was not gathered. */
export function unknownOutcome(detail: string): AuditOutcome {
  return { status: "unknown", score: null, detail, evidence: [] };
}

/** The outcome for an audit that does not apply to this site. */
export function notApplicable(detail: string): AuditOutcome {
  return { status: "na", score: null, detail, evidence: [] };
}

export function passed(detail: string, evidence: string[] = []): AuditOutcome {
  return { status: "pass", score: 1, detail, evidence };
}
