import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { contentPages, pathOf } from "../../derive/site-pages.ts";

/** Lists and tables hold facts in a shape assistants lift straight into answers (steps, prices, comparisons). */
export const listsTables: AuditRule<"readable-pages"> = {
  id: "lists-tables",
  title: "Content uses lists and tables for facts",
  impact: "low",
  requires: ["readable-pages"],
  notes: ["content-pages-cut"],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const pages = contentPages(artifacts);
  const found = pages.flatMap((page) => {
    const lists = Array.from(page.document.querySelectorAll("ul,ol")).filter((list) => !list.closest("nav,header,footer") && list.querySelectorAll("li").length >= 2).length;
    const tables = Array.from(page.document.querySelectorAll("table")).filter((table) => table.querySelectorAll("tr").length >= 2).length;
    return lists + tables > 0 ? [`${pathOf(page.url)}: ${lists} list${lists === 1 ? "" : "s"}, ${tables} table${tables === 1 ? "" : "s"}`] : [];
  });
  if (found.length > 0) return passed(`Content lists or tables appear on ${found.length} of ${pages.length} pages read.`, found);
  return {
    status: "warn",
    score: 0.5,
    detail: `None of the ${pages.length} pages read has a list or table in its content (outside navigation).`,
    evidence: [],
    fix: {
      what: "Put facts into lists and tables",
      why: "Assistants quote structured facts (features, steps, prices, opening hours) far more readily than the same facts buried in prose.",
      how: "Turn key facts into HTML lists (`<ul>`/`<ol>`: features, steps) and tables (`<table>` with `<th>` headers: plans and prices, specifications, comparisons) on the homepage and main pages.",
      effort: "S",
    },
  };
}
