import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";

export const https: AuditDefinition = {
  id: "https",
  title: "Served over HTTPS",
  pillar: "access",
  weight: 15,
  impact: "high",
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const homepage = artifacts.homepage;
  if (!homepage.ok) return unknownOutcome("The homepage could not be loaded, so its scheme is unknown.");
  if (new URL(homepage.finalUrl).protocol === "https:") return passed(`The homepage is served from ${homepage.finalUrl}.`);
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
