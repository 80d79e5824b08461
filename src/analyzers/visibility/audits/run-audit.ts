import type { Artifacts } from "../gather/artifacts.ts";
import { type AuditOutcome, type AuditRule, unknownOutcome } from "./audit.ts";
import { missingInput } from "./audit-inputs.ts";

/**
 * One audit's outcome, as the runner gets it: "unknown" without running it when an input it declares is
 * missing (decided here once, not in each audit). Audits parse hostile input; one that throws is reported
 * as unknown rather than losing the whole record.
 */
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
