import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { readableHomepage } from "../homepage-document.ts";
import { declaredTypes, jsonLdBlocks } from "../json-ld-blocks.ts";
import { counted } from "../wording.ts";

/** Structured data tells machines, unambiguously, who runs the site and what it is. */
export const jsonLdPresent: AuditDefinition = {
  id: "json-ld-present",
  title: "The homepage describes the site in JSON-LD",
  pillar: "structure",
  weight: 15,
  impact: "high",
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return unknownOutcome(homepage.reason);
  const blocks = jsonLdBlocks(homepage.document);
  const types = [...new Set(blocks.flatMap((block) => (block.ok ? declaredTypes(block.value) : [])))];
  if (types.length > 0) return passed(`The homepage declares ${types.join(", ")} in JSON-LD.`, types.map((type) => `@type ${type}`));
  const origin = new URL(homepage.response.finalUrl).origin;
  return {
    status: "fail",
    score: 0,
    detail:
      blocks.length === 0
        ? "The homepage has no JSON-LD structured data, so machines must guess who runs the site and what it offers."
        : "The homepage's JSON-LD declares no usable @type (or does not parse), so it describes nothing.",
    evidence: [counted(blocks.length, "JSON-LD block")],
    fix: {
      what: "Describe the organisation and the website in JSON-LD",
      why: "Structured data states the site's name, owner, logo and official profiles unambiguously, which AI assistants and search engines use to identify and cite it.",
      how:
        "Add to the homepage's <head>:\n" +
        `<script type="application/ld+json">${JSON.stringify({
          "@context": "https://schema.org",
          "@graph": [
            { "@type": "Organization", "@id": `${origin}/#organization`, name: "<your organisation>", url: `${origin}/`, logo: `${origin}/logo.png`, sameAs: ["<official profile URLs>"] },
            { "@type": "WebSite", "@id": `${origin}/#website`, url: `${origin}/`, name: "<site name>", publisher: { "@id": `${origin}/#organization` } },
          ],
        })}</script>`,
      effort: "S",
    },
  };
}
