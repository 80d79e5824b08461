import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { siteName, siteOriginOf } from "../../derive/site-identity.ts";

/** About, contact and privacy pages show there is a real, reachable organisation behind the site. */
export const trustPages: AuditRule<"sample-pages" | "readable-homepage"> = {
  id: "trust-pages",
  title: "About, contact and privacy pages are linked and reachable",
  impact: "medium",
  requires: ["sample-pages", "readable-homepage"],
  run,
};

const ROLES = ["about", "contact", "privacy"] as const;

function run(artifacts: Artifacts): AuditOutcome {
  const samples = artifacts.samplePages!;
  const states = ROLES.map((role) => {
    const page = samples.find((sample) => sample.role === role);
    if (!page) return { role, credit: 0, url: null, text: "not linked from the homepage" };
    if (!page.ok) return { role, credit: 0, url: null, text: `${page.url} could not be fetched (${page.error.code})` };
    if (page.status < 200 || page.status >= 300) return { role, credit: 0, url: null, text: `${page.url} answers HTTP ${page.status}` };
    // Found through the sitemap only: it exists, but a visitor (or an agent) on the homepage cannot reach it.
    if (page.source === "sitemap") return { role, credit: 0.5, url: page.url, text: `${page.url} is in the sitemap but not linked from the homepage` };
    return { role, credit: 1, url: page.url, text: `${page.url} (HTTP ${page.status})` };
  });
  const evidence = states.map((state) => `${state.role}: ${state.text}`);
  const missing = states.filter((state) => state.credit < 1);
  if (missing.length === 0) return passed("The homepage links to reachable about, contact and privacy pages.", evidence);
  const origin = siteOriginOf(artifacts);
  const credit = states.reduce((sum, state) => sum + state.credit, 0);
  const absent = missing.filter((state) => state.url === null);
  return {
    status: credit === 0 ? "fail" : "warn",
    score: credit / ROLES.length,
    detail: missing.map((state) => `${state.role} page: ${state.text}`).join("; ") + ".",
    evidence,
    fix: {
      what: `Link ${missing.map((state) => state.role).join(", ")} page${missing.length === 1 ? "" : "s"} from the homepage`,
      why: "Assistants and search engines look for who runs a site and how to reach them before trusting it as a source.",
      how: [
        absent.length > 0 ? `Publish ${absent.map((state) => `${origin}/${state.role}`).join(", ")} (saying who runs ${siteName(artifacts)}, how to reach you, and how you handle data).` : null,
        `Link ${missing.map((state) => state.url ?? `${origin}/${state.role}`).join(", ")} from the homepage's footer with plain \`<a href>\` links.`,
      ]
        .filter(Boolean)
        .join(" "),
      effort: "S",
    },
  };
}
