import type { Artifacts, OffsiteArtifact, OffsiteCheck } from "../gather/artifacts.ts";
import { unknownOutcome, type AuditOutcome } from "./audit.ts";
import { answeredCheck } from "./audit-inputs.ts";

/**
 * The off-site check an audit reads, or the unknown outcome explaining why there is none, for an audit that
 * weighs the look-up with other facts (wikipedia-article); one that needs the answer declares it as an input.
 */
export function offsiteCheck(artifacts: Artifacts, name: keyof Pick<OffsiteArtifact, "wikidata" | "wikipedia" | "commonCrawl">): OffsiteCheck | AuditOutcome {
  // The audits that read it declare the `offsite` input: the runner has checked that it was gathered.
  const check = answeredCheck(artifacts.offsite![name]);
  return check.ok ? check.value : unknownOutcome(check.reason);
}

export function isOutcome(value: OffsiteCheck | AuditOutcome): value is AuditOutcome {
  return "evidence" in value;
}
