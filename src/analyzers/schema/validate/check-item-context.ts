import { isSchemaOrgContextUrl } from "../../structured-data/json-ld-context.ts";
import { addIssue, type ValidationIssues } from "./item-issue.ts";

/**
 * What a JSON-LD item's @context says about the whole item. No context: nothing makes its terms
 * schema.org's, an error. A context of another vocabulary: its terms are not checked (a warning), unless
 * the URL is a slip for schema.org's own context (`https://schema.org/Product`, `schema.org`, an extension
 * host such as `http://health-lifesci.schema.org/`), which leaves
 * the schema.org markup unread: an error with the fix.
 */
export function checkItemContext(context: "schema.org" | "missing" | "other" | undefined, unreadContexts: readonly string[], issues: ValidationIssues): ItemReading {
  const slips = unreadContexts.filter(isSlipForSchemaOrg);
  const unread = unreadContexts.filter((url) => !isSlipForSchemaOrg(url));
  if (context === "missing") {
    addIssue(issues.errors, null, 'The item has no @context: add "@context": "https://schema.org" so its terms are read as schema.org.');
    return { foreign: false, unread };
  }
  if (context !== "other") return { foreign: false, unread };
  if (slips.length > 0) {
    // Meant as schema.org: read it so, so that the fix does not uncover a second round of errors.
    addIssue(issues.errors, null, `The @context "${slips[0]}" is not schema.org's context: use "@context": "https://schema.org".`);
    return { foreign: false, unread };
  }
  const named = unread.length > 0 ? ` (${unread.join(", ")})` : "";
  addIssue(issues.warnings, null, `The @context${named} does not make these terms schema.org terms, so terms of other vocabularies are not checked. For schema.org markup use "@context": "https://schema.org".`);
  return { foreign: true, unread };
}

/** How the item's terms are read: `foreign` when bare names are another vocabulary's; `unread` contexts may define terms. */
export interface ItemReading {
  foreign: boolean;
  unread: string[];
}

function isSlipForSchemaOrg(url: string): boolean {
  if (isSchemaOrgContextUrl(url)) return false;
  // Extension hosts (health-lifesci.schema.org, pending.schema.org…) serve pages, not a context: their terms are schema.org's.
  return /^(?:(?:https?:)?\/\/)?(?:[\w-]+\.)?schema\.org(?:[/?#]|$)/i.test(url.trim());
}
