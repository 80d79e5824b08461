import { AUDITS } from "./audit-table.ts";
import { GATES, LISTED_PLATFORM_SHARE } from "./gates.ts";
import { gradeFor } from "./grades.ts";
import { PILLARS } from "./pillars.ts";
import { IMPACT_BY_POINTS, STAGES, stageOf } from "./stages.ts";

/**
 * The parts of docs/visibility-audits.md that state what the code decides: the gates table and, per
 * pillar, its weight and its audits with their weights and impact. They are written from the same
 * tables scoring uses, between markers in the document, by `bun run docs`; a test fails when the file
 * differs, so the documentation cannot drift from the scores.
 */

export interface GeneratedSection {
  /** The marker name: the section sits between `<!-- generated: NAME -->` and `<!-- end generated: NAME -->`. */
  name: string;
  markdown: string;
}

export function generatedSections(): GeneratedSection[] {
  return [
    { name: "gates", markdown: gatesTable() },
    { name: "audits", markdown: auditTables() },
    { name: "stages", markdown: stagesTable() },
  ];
}

function gatesTable(): string {
  const rows = GATES.map((gate) => `| \`${gate.id}\` | \`${gate.audit}\` | ${gate.when} | ${gradeFor(gate.maxScore).grade} (${gate.maxScore}) |`);
  return ["| Gate | Decided by | Holds when | Best grade (score) |", "|---|---|---|---|", ...rows].join("\n");
}

function auditTables(): string {
  return PILLARS.map((pillar) => {
    const rows = AUDITS.filter((audit) => audit.pillar === pillar.id).map((audit) => `| \`${audit.id}\` | ${escapeCell(audit.title)} | ${audit.weight} | ${audit.impact} |`);
    return [`### ${pillar.title} (\`${pillar.id}\`, weight ${pillar.weight})`, "", "| Audit id | Checks | Weight in pillar | Impact |", "|---|---|---|---|", ...rows].join("\n");
  }).join("\n\n");
}

function stagesTable(): string {
  const rows = STAGES.map((stage, index) => {
    const audits = AUDITS.filter((audit) => stageOf(audit) === stage).map((audit) => `\`${audit.id}\``);
    return `| ${index + 1}. ${stage.title} (\`${stage.id}\`) | ${escapeCell(stage.why)} | ${audits.join(", ")} |`;
  });
  const tiers = IMPACT_BY_POINTS.map((tier, index) => {
    const upper = IMPACT_BY_POINTS[index - 1]?.minPoints;
    return `${tier.impact} ${upper === undefined ? `from ${tier.minPoints} points` : tier.minPoints === 0 ? `under ${upper}` : `${tier.minPoints} to under ${upper}`}`;
  });
  return [
    "| Stage | Why it comes here | Audits |",
    "|---|---|---|",
    ...rows,
    "",
    `Impact badge of an issue: \`critical\` when it holds a gate or keeps a platform of ${LISTED_PLATFORM_SHARE * 100}% or more out; otherwise \`high\` in the reach stage; in the understanding stage by the points it costs (${tiers.join(", ")}); \`low\` for presence elsewhere.`,
  ].join("\n");
}

/** Titles are plain text; a pipe would end the table cell. */
function escapeCell(text: string): string {
  return text.replaceAll("|", "\\|");
}

/** The document with every generated section replaced by its current text; throws when a marker is missing. */
export function withGeneratedSections(document: string, sections: readonly GeneratedSection[] = generatedSections()): string {
  let updated = document;
  for (const section of sections) {
    const start = `<!-- generated: ${section.name} -->`;
    const end = `<!-- end generated: ${section.name} -->`;
    const from = updated.indexOf(start);
    const to = updated.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/visibility-audits.md has no "${start}" … "${end}" markers.`);
    updated = `${updated.slice(0, from + start.length)}\n${section.markdown}\n${updated.slice(to)}`;
  }
  return updated;
}
