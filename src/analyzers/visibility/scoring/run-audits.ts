import type { Artifacts } from "../gather/artifacts.ts";
import { runAudit } from "../audits/run-audit.ts";
import type { AuditDefinition } from "./audit-definition.ts";
import { AUDITS } from "./audit-table.ts";
import type { ScoredAudit } from "./scored-audit.ts";

/** Runs every audit of the scoring table (or the given ones) over the artifacts, each as runAudit does. */
export function runAudits(artifacts: Artifacts, audits: readonly AuditDefinition[] = AUDITS): ScoredAudit[] {
  return audits.map((audit) => ({ audit, outcome: runAudit(audit, artifacts) }));
}
