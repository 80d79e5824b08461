import type { Artifacts } from "../gather/artifacts.ts";
import type { ScoredAudit } from "../scoring/scored-audit.ts";
import type { AuditDefinition } from "./audit.ts";
import { AUDITS } from "./registry.ts";

/**
 * Runs every audit over the artifacts. Audits parse hostile input; one that throws is reported as
 * unknown rather than losing the whole record.
 */
export function runAudits(artifacts: Artifacts, audits: readonly AuditDefinition[] = AUDITS): ScoredAudit[] {
  return audits.map((audit) => {
    try {
      return { audit, outcome: audit.run(artifacts) };
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return { audit, outcome: { status: "unknown", score: null, detail: `This check could not be completed (${message}).`, evidence: [] } };
    }
  });
}
