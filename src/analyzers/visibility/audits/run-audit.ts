import type { Artifacts } from "../gather/artifacts.ts";
import { contentPages, sitePages } from "../derive/site-pages.ts";
import { robotsPolicy } from "../derive/robots/robots-policy.ts";
import { readableHomepage } from "../derive/homepage-document.ts";
import { type AuditNote, type AuditOutcome, type AuditRule, unknownOutcome } from "./audit.ts";
import { resolveInputs } from "./audit-inputs.ts";
import { pageCutNote, pagesCutNote, withCutNote } from "./page-cut.ts";
import { withCutNotice } from "./robots-cut-notice.ts";

/**
 * One audit's outcome, as the runner gets it: "unknown" without running it when an input it declares is
 * missing (decided here once, not in each audit), else its verdict on the inputs it declared, with the
 * notes it asks for. Audits parse hostile input; one that throws is reported as unknown rather than
 * losing the whole record.
 */
export function runAudit(audit: AuditRule, artifacts: Artifacts): AuditOutcome {
  const resolved = resolveInputs(audit.requires, artifacts);
  if (!resolved.ok) return unknownOutcome(audit.missing?.[resolved.input] ?? resolved.reason);
  try {
    let outcome = audit.run(artifacts, resolved.inputs);
    for (const note of audit.notes ?? []) outcome = withNote(outcome, note, artifacts);
    return outcome;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { status: "unknown", score: null, detail: `This check could not be completed (${message}).`, evidence: [] };
  }
}

function withNote(outcome: AuditOutcome, note: AuditNote, artifacts: Artifacts): AuditOutcome {
  switch (note) {
    case "robots-cut":
      return withCutNotice(outcome, robotsPolicy(artifacts));
    case "homepage-cut": {
      const homepage = readableHomepage(artifacts);
      return homepage.ok ? withCutNote(outcome, pageCutNote(homepage)) : outcome;
    }
    case "pages-cut":
      return withCutNote(outcome, pagesCutNote(sitePages(artifacts)));
    case "content-pages-cut":
      return withCutNote(outcome, pagesCutNote(contentPages(artifacts)));
  }
}
