import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, notApplicable, passed } from "../audit.ts";
import { counted } from "../wording.ts";

/** A JSON-LD block with a syntax error is thrown away whole by every consumer, so one stray comma loses all of it. */
export const jsonLdParses: AuditRule<"homepage-structure"> = {
  id: "json-ld-parses",
  title: "JSON-LD blocks are valid JSON",
  impact: "high",
  requires: ["homepage-structure"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"homepage-structure">): AuditOutcome {
  const structure = inputs["homepage-structure"];
  const blocks = structure.graph.jsonLdBlocks;
  if (blocks.length === 0) return notApplicable("The homepage has no JSON-LD blocks to check.");
  const broken = blocks.filter((block) => block.syntaxError !== null);
  if (broken.length === 0) return passed(blocks.length === 1 ? "The JSON-LD block parses." : `All ${blocks.length} JSON-LD blocks parse.`);
  const problems = broken.map((block) => `Block ${blocks.indexOf(block) + 1} of ${blocks.length}: ${block.syntaxError}`);
  return {
    status: "fail",
    score: (blocks.length - broken.length) / blocks.length,
    detail: `${broken.length} of ${counted(blocks.length, "JSON-LD block")} on the homepage cannot be read, so search engines and AI assistants ignore ${broken.length === 1 ? "it" : "them"} whole. ${problems.join(" ")}`,
    evidence: broken.map((block) => `block ${blocks.indexOf(block) + 1}: ${block.excerpt}`),
    fix: {
      what: "Fix the JSON syntax of the broken JSON-LD",
      why: "A JSON-LD block that does not parse is discarded entirely, with every fact in it.",
      how:
        `Correct what each message names. ${problems.join(" ")} Common causes: trailing commas, unescaped quotes or line breaks inside strings, and template placeholders left empty. ` +
        "Generate the block with a JSON serializer (e.g. JSON.stringify or json_encode) instead of string templates, and check it with the Schema Markup Validator (validator.schema.org).",
      effort: "S",
    },
  };
}
