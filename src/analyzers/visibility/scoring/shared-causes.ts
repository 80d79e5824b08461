import type { Cause } from "../derive/platform-reach.ts";

/**
 * The audit that reports each kind of cause ai-platform-reach names for a platform it loses: a 403 at the
 * edge is also crawler-probe's finding, a robots.txt rule robots-ai-search-access's. One cause is ranked
 * once in the top issues (top-issues.ts); both audits keep their findings in the pillars. `null`: only the
 * reach audit reports it.
 */
export const CAUSE_AUDIT: Record<Cause["kind"], string | null> = {
  "robots-file": "robots-ai-search-access",
  "robots-rule": "robots-ai-search-access",
  edge: "crawler-probe",
  "different-page": "crawler-probe",
  directive: "page-directives",
  homepage: "homepage-status",
  "app-shell": "raw-html-text",
  "login-wall": null,
  // A site's own declared no (Content-Signal, Content-Usage): reported by ai-usage-signals, which weighs nothing.
  declared: null,
};
