import type { Analyzer } from "../analyzer.ts";
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
    const artifacts = await gatherPage(context);
    return { record: scoreArtifacts(context.domain, artifacts, context.now()), artifacts };
  },
  failedRecord,
  /** The number of rich results the page qualifies for: what listings sort by. */
  scoreOf(record) {
    return record.result?.summary.eligible ?? null;
  },
};
