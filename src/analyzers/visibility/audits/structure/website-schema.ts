import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { readableHomepage } from "../homepage-document.ts";
import { declaredTypes } from "../json-ld-blocks.ts";
import { homepageNodes, siteName, siteOriginOf } from "../site-identity.ts";

/** A WebSite node names the site and ties it to its publisher: the name assistants use for it. */
export const websiteSchema: AuditDefinition = {
  id: "website-schema",
  title: "JSON-LD names the website",
  pillar: "structure",
  weight: 5,
  impact: "low",
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return unknownOutcome(homepage.reason);
  const website = homepageNodes(artifacts).find((node) => declaredTypes(node).includes("WebSite"));
  if (website && typeof website.name === "string" && typeof website.url === "string") {
    return passed(`The homepage declares the WebSite "${website.name}" at ${website.url}.`, [`@type WebSite: ${website.name}`]);
  }
  const origin = siteOriginOf(artifacts);
  return {
    status: website ? "warn" : "fail",
    score: website ? 0.5 : 0,
    detail: website ? "The WebSite node lacks a name or url." : "The homepage's JSON-LD has no WebSite node.",
    evidence: website ? ["@type WebSite"] : [],
    fix: {
      what: "Declare the WebSite in JSON-LD",
      why: "The WebSite node gives the site's preferred name, which search engines and assistants show when they cite it.",
      how: `Add to the homepage:\n<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "WebSite", "@id": `${origin}/#website`, name: siteName(artifacts), url: `${origin}/`, publisher: { "@id": `${origin}/#organization` } })}</script>`,
      effort: "S",
    },
  };
}
