import type { AuditOutcome } from "../audits/audit.ts";
import type { AuditDefinition } from "./audit-definition.ts";

/** An audit definition with the outcome it produced for this site: what scoring works from. */
export interface ScoredAudit {
  audit: AuditDefinition;
  outcome: AuditOutcome;
}

/** An audit counts toward its pillar when it judged the site (not na/unknown) and carries weight. */
export function isApplicable(scored: ScoredAudit): boolean {
  return scored.outcome.score !== null && scored.audit.weight > 0;
}
