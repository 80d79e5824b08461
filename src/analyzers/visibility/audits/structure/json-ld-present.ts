import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { counted } from "../wording.ts";
import { shownTypes, slashlessVocabNote } from "../../../structured-data/shown-type.ts";
import { siteOwner } from "../../derive/site-owner.ts";
import { homepageUrlOf, siteName } from "../../derive/site-identity.ts";
import { ownerNode, placedJsonLd, websiteNode } from "../owner-markup.ts";

const FORMAT_NAMES = { "json-ld": "JSON-LD", microdata: "Microdata", rdfa: "RDFa" } as const;

/** Structured data tells machines, unambiguously, who runs the site and what it is. */
export const jsonLdPresent: AuditRule<"homepage-structure"> = {
  id: "json-ld-present",
  title: "The homepage describes the site in structured data",
  impact: "high",
  requires: ["homepage-structure"],
  run,
};

function run(artifacts: Artifacts, inputs: AuditInputs<"homepage-structure">): AuditOutcome {
  const structure = inputs["homepage-structure"];
  const { graph } = structure;
  // Google reads JSON-LD, Microdata and RDFa alike, so a page described in any of them passes.
  const declared = graph.nodes.filter((node) => node.topLevel && node.types.length > 0);
  const written = declared.flatMap((node) => node.types);
  const types = shownTypes(written);
  if (types.length > 0) {
    const formats = [...new Set(declared.flatMap((node) => node.sources.map((source) => FORMAT_NAMES[source.format])))];
    const note = slashlessVocabNote(written);
    return passed(
      `The homepage declares ${types.slice(0, 12).join(", ")} in ${formats.join(" and ")}.${note ? ` ${note}` : ""}`,
      declared.slice(0, 8).map((node) => `${shownTypes(node.types).join(", ")} (${FORMAT_NAMES[node.sources[0]!.format]})`),
    );
  }
  const unreadable = graph.problems.length > 0 || graph.items.length > 0;
  const homepageUrl = homepageUrlOf(artifacts);
  const owner = siteOwner(artifacts)!;
  const block = placedJsonLd({ "@graph": [ownerNode(owner), websiteNode(owner, siteName(artifacts), `${owner.origin}/`, true)] }, { kind: "head", url: homepageUrl });
  return {
    status: "fail",
    score: 0,
    detail:
      unreadable
        ? "The homepage's structured data declares no usable @type (or does not parse), so it describes nothing."
        : "The homepage has no structured data (no JSON-LD, Microdata or RDFa), so machines must guess who runs the site and what it offers.",
    evidence: unreadable ? [counted(graph.items.length, "item"), counted(graph.problems.length, "unreadable block")] : [],
    fix: {
      what: owner.kind === "person" ? "Describe yourself and the website in JSON-LD" : "Describe the organisation and the website in JSON-LD",
      why: "Structured data states the site's name, owner, logo and official profiles unambiguously, which AI assistants and search engines use to identify and cite it.",
      how: `Add to the \`<head>\` of ${homepageUrl} (with the address of your real ${owner.kind === "person" ? "photo" : "logo"}${/<your [^<>]*>/.test(block.code.code) ? ", and your profile URLs where it says <…>" : ""}):\n\n${block.text}`,
      effort: "S",
      code: [block.code],
    },
  };
}
