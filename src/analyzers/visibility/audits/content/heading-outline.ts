import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";
import { contentPages, meanScore, pathOf, textOf } from "../../derive/site-pages.ts";

/** One h1 and headings that nest in order give agents the outline of the page: what it covers, and where. */
export const headingOutline: AuditRule<"readable-pages"> = {
  id: "heading-outline",
  title: "Each page has one h1 and an orderly heading outline",
  impact: "medium",
  requires: ["readable-pages"],
  notes: ["content-pages-cut"],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const pages = contentPages(artifacts);
  const findings = pages.map((page) => {
    const headings = Array.from(page.document.querySelectorAll("h1,h2,h3,h4,h5,h6")).map((element) => ({ level: Number(element.tagName.slice(1)), text: textOf(element) }));
    const h1s = headings.filter((heading) => heading.level === 1).length;
    const skips: string[] = [];
    for (let index = 1; index < headings.length; index++) {
      const previous = headings[index - 1]!;
      const current = headings[index]!;
      if (current.level > previous.level + 1) skips.push(`h${previous.level} → h${current.level} ("${excerpt(current.text, 40)}")`);
    }
    const problems = [...(h1s === 0 ? ["no h1"] : h1s > 1 ? [`${h1s} h1 headings`] : []), ...(skips.length > 0 ? [`skipped levels: ${skips.slice(0, 2).join(", ")}`] : [])];
    const score = (h1s === 1 ? 1 : h1s === 0 ? 0.4 : 0.7) - (skips.length > 0 ? 0.2 : 0);
    return { page, problems, score: Math.max(0, score), count: headings.length };
  });
  const evidence = findings.map((finding) => `${pathOf(finding.page.url)}: ${finding.count} headings${finding.problems.length ? `, ${finding.problems.join("; ")}` : ", one h1, in order"}`);
  const bad = findings.filter((finding) => finding.problems.length > 0);
  if (bad.length === 0) return passed(`All ${pages.length} pages read have one h1 and headings in order.`, evidence);
  return {
    status: "warn",
    score: Math.min(0.95, meanScore(findings.map((finding) => finding.score))),
    detail: `${bad.map((finding) => `${pathOf(finding.page.url)} has ${finding.problems.join(" and ")}`).join("; ")}.`,
    evidence,
    fix: {
      what: "Give every page one h1 and nested headings",
      why: "Assistants split pages into passages by their headings; a clear outline makes each passage findable and quotable on its own.",
      how: `On ${bad.map((finding) => pathOf(finding.page.url)).join(", ")}: keep exactly one \`<h1>\` naming the page's topic, use \`<h2>\` for its sections and \`<h3>\` inside them without skipping levels, and style headings with CSS rather than by picking a level for its size.`,
      effort: "S",
    },
  };
}
