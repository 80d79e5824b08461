import { AUDIT_CATALOGUE } from "../../analyzers/visibility/audits/audit-catalogue.ts";

/**
 * Where a check lives: its stable anchor on the report page and its "learn more" page. Audit ids are
 * stable kebab-case names; anything else from a record is reduced to the same alphabet, so an id can
 * never break out of an attribute or a path.
 */
export function checkAnchor(auditId: string): string {
  return `check-${safeId(auditId)}`;
}

export const CHECKS_PATH = "/checks";

/** The learn-more page of a check, or null for an id the catalogue does not know (an old or foreign record). */
export function checkPagePath(auditId: string): string | null {
  return AUDIT_CATALOGUE.some((audit) => audit.id === auditId) ? `${CHECKS_PATH}/${auditId}` : null;
}

export function safeId(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9-]/g, "-").slice(0, 80);
}
