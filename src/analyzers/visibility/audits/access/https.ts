import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";

/** HTTPS is available and plain http sends visitors (and crawlers following old links) to it. */

export const https: AuditRule<"homepage-response"> = {
  id: "https",
  title: "Served over HTTPS",
  impact: "high",
  requires: ["homepage-response"],
  missing: { "homepage-response": "The homepage could not be loaded, so its scheme is unknown." },
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"homepage-response">): AuditOutcome {
  const homepage = inputs["homepage-response"];
  if (new URL(homepage.finalUrl).protocol === "https:") return httpsOutcome(artifacts, homepage.finalUrl);
  const httpsFailure = homepage.failedAttempts.find((attempt) => attempt.url.startsWith("https://"));
  return {
    status: "fail",
    score: 0,
    detail: httpsFailure
      ? `https:// did not work (${httpsFailure.message}), so the homepage was only reachable at ${homepage.finalUrl}.`
      : `The homepage ends up on plain http: ${homepage.finalUrl}.`,
    evidence: [...homepage.failedAttempts.map((attempt) => `${attempt.url}: ${attempt.code}`), `final URL: ${homepage.finalUrl}`],
    fix: {
      what: "Serve the site over HTTPS",
      why: "Search engines and AI assistants prefer and link to secure pages; browsers warn visitors away from plain http.",
      how: `Install a valid TLS certificate for ${new URL(homepage.finalUrl).hostname} (for example from Let's Encrypt) and redirect every http:// URL to its https:// address with a 301.`,
      effort: "M",
    },
  };
}

/** The homepage is on https; plain http should redirect there. */
function httpsOutcome(artifacts: Artifacts, finalUrl: string): AuditOutcome {
  const http = artifacts.httpRedirect;
  if (!http) return passed(`The homepage is served from ${finalUrl}.`);
  if (!http.ok) return passed(`The homepage is served from ${finalUrl}; ${http.url} does not answer (${http.error.code}), so there is no plain-http copy.`, [`${http.url}: ${http.error.code}`]);
  const location = http.location ? new URL(http.location, http.url) : null;
  const evidence = [`GET ${http.url} → ${http.status}${http.location ? ` Location: ${http.location}` : ""}`];
  if (http.status >= 300 && http.status < 400 && location?.protocol === "https:") {
    return passed(`The homepage is served from ${finalUrl}, and ${http.url} redirects to ${location.href} (HTTP ${http.status}).`, evidence);
  }
  const host = new URL(finalUrl).host;
  return {
    status: "warn",
    score: 0.6,
    detail:
      http.status >= 300 && http.status < 400
        ? `${http.url} redirects to ${location?.href ?? "nowhere"} (HTTP ${http.status}) instead of to https://, so links to the http address stay on plain http.`
        : `${http.url} answers HTTP ${http.status} without redirecting to https://, so the site exists twice and links to the http address stay on plain http.`,
    evidence,
    fix: {
      what: "Redirect http:// to https://",
      why: "Two copies of every page split the signals crawlers collect; a permanent redirect tells them which one to index and cite.",
      how: `Answer every request to http://${host}/… with a 301 to https://${host}/… (e.g. nginx: \`return 301 https://$host$request_uri;\`), and add Strict-Transport-Security once it works.`,
      effort: "S",
    },
  };
}
