import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, notApplicable, passed } from "../audit.ts";

/** HSTS keeps every visit on HTTPS; a basic mark of a maintained site. */
export const hsts: AuditRule<"homepage-success"> = {
  id: "hsts",
  title: "HTTPS is enforced with Strict-Transport-Security",
  impact: "low",
  requires: ["homepage-success"],
  run,
};

/** Six months: shorter policies lapse between a crawler's visits. */
const MIN_MAX_AGE = 15_768_000;

function run(_artifacts: Artifacts, inputs: AuditInputs<"homepage-success">): AuditOutcome {
  const homepage = inputs["homepage-success"];
  if (!homepage.finalUrl.startsWith("https://")) return notApplicable("The homepage is not served over HTTPS, so HSTS does not apply (see the https check).");
  const header = homepage.headers["strict-transport-security"];
  const fix = {
    what: "Send Strict-Transport-Security",
    why: "HSTS tells browsers and clients to use HTTPS only, protecting visitors and signalling a maintained site.",
    how: `Add the response header to ${new URL(homepage.finalUrl).host}: \`Strict-Transport-Security: max-age=31536000; includeSubDomains\` (in the web server, e.g. nginx \`add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;\`, or the CDN).`,
    effort: "S" as const,
  };
  if (!header) return { status: "fail", score: 0, detail: "The homepage sends no Strict-Transport-Security header.", evidence: [], fix };
  const maxAge = Number(/max-age\s*=\s*"?(\d+)/i.exec(header)?.[1] ?? NaN);
  const evidence = [`Strict-Transport-Security: ${header.slice(0, 120)}`];
  if (Number.isFinite(maxAge) && maxAge >= MIN_MAX_AGE) return passed(`HSTS is on (max-age ${maxAge} s).`, evidence);
  return { status: "warn", score: 0.5, detail: `The HSTS max-age (${Number.isFinite(maxAge) ? `${maxAge} s` : "missing"}) is under six months.`, evidence, fix };
}
