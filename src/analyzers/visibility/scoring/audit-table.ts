import { AUDIT_RULES } from "../audits/registry.ts";
import type { AuditRule } from "../audits/audit.ts";
import type { AuditDefinition } from "./audit-definition.ts";
import { PILLARS } from "./pillars.ts";

/**
 * Every visibility audit with its pillar and weight from the scoring table, in the table's order (the
 * order a pillar lists its signals). A rule the table does not weigh, or a table entry with no rule, is
 * a mistake that fails at start rather than scoring silently without it.
 */
export const AUDITS: readonly AuditDefinition[] = placeInTable(AUDIT_RULES);

export function placeInTable(rules: readonly AuditRule[]): AuditDefinition[] {
  const byId = new Map(rules.map((rule) => [rule.id, rule]));
  const placed = PILLARS.flatMap((pillar) =>
    Object.entries(pillar.audits).map(([id, weight]): AuditDefinition => {
      const rule = byId.get(id);
      if (!rule) throw new Error(`The scoring table weighs "${id}" in ${pillar.id}, but no audit has that id.`);
      return { ...rule, pillar: pillar.id, weight };
    }),
  );
  const unweighed = rules.filter((rule) => !placed.some((audit) => audit.id === rule.id));
  if (unweighed.length > 0) throw new Error(`The scoring table has no weight for ${unweighed.map((rule) => `"${rule.id}"`).join(", ")}.`);
  return placed;
}
