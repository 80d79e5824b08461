import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditDefinition, type AuditOutcome, notApplicable, passed, unknownOutcome } from "../audit.ts";
import { readableHomepage } from "../homepage-document.ts";
import { jsonLdBlocks } from "../json-ld-blocks.ts";
import { excerpt } from "../page-text.ts";
import { counted } from "../wording.ts";

/** A JSON-LD block with a syntax error is thrown away whole by every consumer, so one stray comma loses all of it. */
export const jsonLdParses: AuditDefinition = {
  id: "json-ld-parses",
  title: "JSON-LD blocks are valid JSON",
  pillar: "structure",
  weight: 15,
  impact: "high",
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return unknownOutcome(homepage.reason);
  const blocks = jsonLdBlocks(homepage.document);
  if (blocks.length === 0) return notApplicable("The homepage has no JSON-LD blocks to check.");
  const broken = blocks.filter((block) => !block.ok);
  if (broken.length === 0) return passed(blocks.length === 1 ? "The JSON-LD block parses." : `All ${blocks.length} JSON-LD blocks parse.`);
  const problems = broken.map((block) => `block ${block.index} of ${blocks.length}: ${block.ok ? "" : block.error}`);
  return {
    status: "fail",
    score: (blocks.length - broken.length) / blocks.length,
    detail: `${broken.length} of ${counted(blocks.length, "JSON-LD block")} on the homepage ${broken.length === 1 ? "is" : "are"} not valid JSON (${problems.join("; ")}), so search engines and AI assistants ignore ${broken.length === 1 ? "it" : "them"}.`,
    evidence: broken.map((block) => `block ${block.index}: ${excerpt(block.raw, 100)}`),
    fix: {
      what: "Fix the JSON syntax of the broken JSON-LD",
      why: "A JSON-LD block that does not parse is discarded entirely, with every fact in it.",
      how:
        `Correct ${problems.join("; ")}. Common causes: trailing commas, unescaped quotes or line breaks inside strings, and template placeholders left empty. ` +
        "Generate the block with a JSON serializer (e.g. JSON.stringify or json_encode) instead of string templates, and check it with the Schema Markup Validator (validator.schema.org).",
      effort: "S",
    },
  };
}
