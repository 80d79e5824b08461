import type { Analyzer } from "../analyzer.ts";
import { failedRecord } from "./failed-record.ts";
import { GATHER_STEPS, gatherArtifacts } from "./gather/index.ts";
import { type VisibilityRecord, VisibilityRecordSchema } from "./record-schema.ts";
import { unscorableRecord } from "./unreachable-record.ts";

export type { VisibilityRecord } from "./record-schema.ts";

/**
 * The audits, scoring and the HTML parser they use (about 6 MiB and 20 ms of loading) are imported only
 * for a site whose homepage answered, and then while the rest of the site is still being fetched: a scan
 * of an unreachable site never loads them, and a reachable one does not wait for them.
 */
const loadJudging = () => import("./score-artifacts.ts");

/** The AI visibility analyzer: gather (network, once) → audits (pure) → scoring. */
export const visibilityAnalyzer: Analyzer<VisibilityRecord> = {
  service: "visibility",
  recordSchema: VisibilityRecordSchema,
  async scan(context) {
    const started = context.now().getTime();
    let judging: ReturnType<typeof loadJudging> | undefined;
    const startJudging = () => {
      judging ??= loadJudging();
      // Awaited below; until then a failed load must not count as an unhandled rejection.
      judging.catch(() => {});
    };
    const gathered = await gatherArtifacts({ ...context, onReachable: startJudging });
    // Stored with the artifacts, so a re-scored record still says how long its scan took.
    const artifacts = { ...gathered, gatherMs: Math.max(0, context.now().getTime() - started) };
    const steps = Object.keys(GATHER_STEPS).length;
    try {
      context.progress?.({ done: steps, total: steps, step: "Scoring the results" });
    } catch {
      // Progress is only shown to pollers: a failing reporter must never end the scan.
    }
    const unscorable = unscorableRecord(context.domain, artifacts.homepage, context.now());
    if (unscorable) return { record: unscorable, artifacts };
    const { scoreArtifacts, pageVerdicts } = await (judging ?? loadJudging());
    const pages = pageVerdicts(artifacts);
    return { record: scoreArtifacts(context.domain, artifacts, context.now()), artifacts, ...(pages ? { pages } : {}) };
  },
  failedRecord,
  scoreOf(record) {
    return record.result?.score ?? null;
  },
};
