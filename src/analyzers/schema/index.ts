import type { Analyzer, ScanContext } from "../analyzer.ts";
import type { AnalysisStep } from "./analyze-page.ts";
import { failedRecord } from "./failed-record.ts";
import { gatherPage } from "./gather/gather-page.ts";
import { type SchemaRecord, SchemaRecordSchema } from "./record-schema.ts";
import { scoreArtifacts } from "./score-artifacts.ts";

export { scoreArtifacts } from "./score-artifacts.ts";
export type { SchemaRecord } from "./record-schema.ts";

/** The schema markup analyzer: gather the page (network, once) → extract → validate → eligibility → suggestions. */
export const schemaAnalyzer: Analyzer<SchemaRecord> = {
  service: "schema",
  recordSchema: SchemaRecordSchema,
  async scan(context) {
    report(context, "fetch");
    const artifacts = await gatherPage(context);
    const record = scoreArtifacts(context.domain, artifacts, context.now(), (step) => report(context, step));
    return { record, artifacts };
  },
  failedRecord,
  /** The number of rich results the page qualifies for: what listings sort by. */
  scoreOf(record) {
    return record.result?.summary.eligible ?? null;
  },
};

/** The steps pollers see, in order; `done` counts the ones before the current step. */
const SCHEMA_STEPS: Record<"fetch" | AnalysisStep, string> = {
  fetch: "Fetching the page",
  extract: "Reading the structured data",
  validate: "Checking it against schema.org",
  generate: "Generating suggestions",
};
const STEP_ORDER = Object.keys(SCHEMA_STEPS) as ("fetch" | AnalysisStep)[];

function report(context: ScanContext, step: "fetch" | AnalysisStep): void {
  try {
    context.progress?.({ done: STEP_ORDER.indexOf(step), total: STEP_ORDER.length, step: SCHEMA_STEPS[step] });
  } catch {
    // Progress is only shown to pollers: a failing reporter must never end the scan.
  }
}
