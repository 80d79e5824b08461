import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";

/** The canonical link names the one URL a page should be indexed and cited under. */
export const canonicalLink: AuditRule<"readable-homepage"> = {
  id: "canonical-link",
  title: "The homepage names its canonical URL",
  impact: "medium",
  requires: ["readable-homepage"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const finalUrl = homepage.response.finalUrl;
  const links = Array.from(homepage.document.querySelectorAll("link[rel][href]")).filter((link) => (link.getAttribute("rel") ?? "").toLowerCase().split(/\s+/).includes("canonical"));
  const header = /<([^>]+)>\s*;\s*rel="?canonical"?/i.exec(homepage.response.headers.link ?? "")?.[1];
  const href = links[0]?.getAttribute("href")?.trim() ?? header;
  const fix = (how: string) => ({
    what: "Declare the homepage's canonical URL",
    why: "Without it, crawlers choose between URL variants (http/https, www, tracking parameters) themselves and may split or misattribute citations.",
    how,
    effort: "S" as const,
  });
  if (!href) {
    return {
      status: "warn",
      score: 0.4,
      detail: "The homepage has no canonical link.",
      evidence: [],
      fix: fix(`Add \`<link rel="canonical" href="${finalUrl}">\` to the \`<head>\` of the homepage (and a self-referencing canonical to every page).`),
    };
  }
  let canonical: URL;
  try {
    canonical = new URL(href, finalUrl);
  } catch {
    return { status: "fail", score: 0.2, detail: `The canonical link "${href}" is not a valid URL.`, evidence: [`canonical: ${href}`], fix: fix(`Replace it with \`<link rel="canonical" href="${finalUrl}">\`.`) };
  }
  const evidence = [`<link rel="canonical" href="${href}">`];
  if (links.length > 1) {
    return { status: "warn", score: 0.5, detail: `The homepage has ${links.length} canonical links; crawlers ignore conflicting ones.`, evidence, fix: fix(`Keep a single \`<link rel="canonical" href="${finalUrl}">\` and remove the others.`) };
  }
  const same = canonical.origin === new URL(finalUrl).origin && canonical.pathname.replace(/\/$/, "") === new URL(finalUrl).pathname.replace(/\/$/, "");
  if (same) return passed(`The homepage declares itself canonical: ${canonical.href}.`, evidence);
  return {
    status: "warn",
    score: 0.5,
    detail: `The homepage ${finalUrl} names a different page as canonical (${canonical.href}), asking crawlers to index that one instead.`,
    evidence,
    fix: fix(`If ${finalUrl} is the real homepage, change the link to \`<link rel="canonical" href="${finalUrl}">\`; otherwise redirect to ${canonical.href}.`),
  };
}
