import type { AuditRule } from "../audits/audit.ts";
import type { PillarId } from "./pillars.ts";

/** An audit as scoring sees it: its rule with its place in the scoring table (pillars.ts). */
export interface AuditDefinition extends AuditRule {
  pillar: PillarId;
  /** Relative weight within the pillar; 0 reports without scoring. */
  weight: number;
}

/** What is known of an audit without its code: enough to list, link and explain it (audits/audit-catalogue.ts). */
export type AuditSummary = Pick<AuditDefinition, "id" | "title" | "pillar" | "weight" | "impact">;
