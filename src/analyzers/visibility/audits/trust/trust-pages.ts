import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { readableHomepage } from "../homepage-document.ts";
import { siteName, siteOriginOf } from "../site-identity.ts";

/** About, contact and privacy pages show there is a real, reachable organisation behind the site. */
export const trustPages: AuditDefinition = {
  id: "trust-pages",
  title: "About, contact and privacy pages are linked and reachable",
  pillar: "trust",
  weight: 35,
  impact: "medium",
  run,
};

const ROLES = ["about", "contact", "privacy"] as const;

function run(artifacts: Artifacts): AuditOutcome {
  const samples = artifacts.samplePages;
  if (!samples) return unknownOutcome("Linked pages were not fetched in this scan.");
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return unknownOutcome(homepage.reason);
  const states = ROLES.map((role) => {
    const page = samples.find((sample) => sample.role === role);
    if (!page) return { role, ok: false, text: "not linked from the homepage" };
    if (!page.ok) return { role, ok: false, text: `${page.url} could not be fetched (${page.error.code})` };
    return page.status >= 200 && page.status < 300 ? { role, ok: true, text: `${page.url} (HTTP ${page.status})` } : { role, ok: false, text: `${page.url} answers HTTP ${page.status}` };
  });
  const evidence = states.map((state) => `${state.role}: ${state.text}`);
  const missing = states.filter((state) => !state.ok);
  if (missing.length === 0) return passed("The homepage links to reachable about, contact and privacy pages.", evidence);
  const origin = siteOriginOf(artifacts);
  return {
    status: missing.length === ROLES.length ? "fail" : "warn",
    score: (ROLES.length - missing.length) / ROLES.length,
    detail: missing.map((state) => `${state.role} page: ${state.text}`).join("; ") + ".",
    evidence,
    fix: {
      what: `Link ${missing.map((state) => state.role).join(", ")} page${missing.length === 1 ? "" : "s"} from the homepage`,
      why: "Assistants and search engines look for who runs a site and how to reach them before trusting it as a source.",
      how: `Publish ${missing.map((state) => `${origin}/${state.role}`).join(", ")} (saying who runs ${siteName(artifacts)}, how to reach you, and how you handle data) and link them from the homepage's footer with plain <a href> links.`,
      effort: "S",
    },
  };
}
