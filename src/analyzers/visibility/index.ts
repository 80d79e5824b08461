import type { Analyzer } from "../analyzer.ts";
import { failedRecord } from "./failed-record.ts";
import { GATHER_STEPS, gatherArtifacts } from "./gather/index.ts";
import { type VisibilityRecord, VisibilityRecordSchema } from "./record-schema.ts";
import { scoreArtifacts } from "./score-artifacts.ts";

export { scoreArtifacts } from "./score-artifacts.ts";
export type { VisibilityRecord } from "./record-schema.ts";

/** The AI visibility analyzer: gather (network, once) → audits (pure) → scoring. */
export const visibilityAnalyzer: Analyzer<VisibilityRecord> = {
  service: "visibility",
  recordSchema: VisibilityRecordSchema,
  async scan(context) {
    const started = context.now().getTime();
    // Stored with the artifacts, so a re-scored record still says how long its scan took.
    const artifacts = { ...(await gatherArtifacts(context)), gatherMs: Math.max(0, context.now().getTime() - started) };
    const steps = Object.keys(GATHER_STEPS).length;
    try {
      context.progress?.({ done: steps, total: steps, step: "Scoring the results" });
    } catch {
      // Progress is only shown to pollers: a failing reporter must never end the scan.
    }
    return { record: scoreArtifacts(context.domain, artifacts, context.now()), artifacts };
  },
  failedRecord,
  scoreOf(record) {
    return record.result?.score ?? null;
  },
};
