import type { Artifacts } from "../gather/artifacts.ts";
import type { ScoredAudit } from "../scoring/scored-audit.ts";
import { type AuditDefinition, type AuditOutcome, type AuditRule, unknownOutcome } from "./audit.ts";
import { missingInput } from "./audit-inputs.ts";
import { AUDITS } from "./registry.ts";

/**
 * Runs every audit over the artifacts: "unknown" without running it when an input it declares is missing
 * (decided here once, not in each audit). Audits parse hostile input; one that throws is reported as
 * unknown rather than losing the whole record.
 */
export function runAudits(artifacts: Artifacts, audits: readonly AuditDefinition[] = AUDITS): ScoredAudit[] {
  return audits.map((audit) => ({ audit, outcome: runAudit(audit, artifacts) }));
}

/** One audit's outcome, as the runner gets it: its inputs checked first, a throw reported as unknown. */
export function runAudit(audit: AuditRule, artifacts: Artifacts): AuditOutcome {
  const missing = missingInput(audit.requires ?? [], artifacts);
  if (missing !== null) return unknownOutcome(missing);
  try {
    return audit.run(artifacts);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: "unknown", score: null, detail: `This check could not be completed (${message}).`, evidence: [] };
  }
}
