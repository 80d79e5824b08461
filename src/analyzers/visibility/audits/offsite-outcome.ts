import type { Artifacts, OffsiteArtifact, OffsiteCheck } from "../gather/artifacts.ts";
import { unknownOutcome, type AuditOutcome } from "./audit.ts";

/** The off-site check an audit reads, or the unknown outcome explaining why there is none. */
export function offsiteCheck(artifacts: Artifacts, name: keyof Pick<OffsiteArtifact, "wikidata" | "wikipedia" | "commonCrawl">): OffsiteCheck | AuditOutcome {
  // The audits that read it declare the `offsite` input: the runner has checked that it was gathered.
  const check = artifacts.offsite![name];
  if (check.status === "unknown") return { ...unknownOutcome(`${check.detail} This signal does not count toward the score.`), evidence: [] };
  return check;
}

export function isOutcome(value: OffsiteCheck | AuditOutcome): value is AuditOutcome {
  return "evidence" in value;
}
