import { cutNotice, type RobotsPolicy } from "../derive/robots/robots-policy.ts";
import type { AuditOutcome } from "./audit.ts";

/** The outcome with the cut notice added to its detail and evidence, when robots.txt was cut. */
export function withCutNotice(outcome: AuditOutcome, policy: RobotsPolicy): AuditOutcome {
  const notice = cutNotice(policy);
  return notice ? { ...outcome, detail: `${outcome.detail} ${notice}`, evidence: [...outcome.evidence, notice] } : outcome;
}
