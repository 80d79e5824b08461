import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { visibleText, wordCount } from "../../derive/page-text.ts";
import { contentPages, meanScore, pathOf } from "../../derive/site-pages.ts";

/** Assistants cite pages that actually answer something; a page of a few dozen words has little to cite. */
export const wordCountAudit: AuditRule<"readable-pages"> = {
  id: "word-count",
  title: "Pages have enough substance to cite",
  impact: "medium",
  requires: ["readable-pages"],
  notes: ["content-pages-cut"],
  run,
};

const SUBSTANTIAL = 300;
const THIN = 120;

function run(artifacts: Artifacts): AuditOutcome {
  const pages = contentPages(artifacts);
  const counts = pages.map((page) => ({ page, words: wordCount(visibleText(page.document)) }));
  const scores = counts.map(({ words }) => (words >= SUBSTANTIAL ? 1 : words >= THIN ? 0.7 : words >= 50 ? 0.4 : 0.1));
  const evidence = counts.map(({ page, words }) => `${pathOf(page.url)}: ${words} words`);
  const thin = counts.filter(({ words }) => words < SUBSTANTIAL);
  if (thin.length === 0) return passed(`Every page read has at least ${SUBSTANTIAL} words of text.`, evidence);
  const score = Math.min(0.95, meanScore(scores));
  return {
    status: score < 0.5 ? "fail" : "warn",
    score,
    detail: `${thin.map(({ page, words }) => `${pathOf(page.url)} has only ${words} words`).join("; ")}: thin pages give assistants little to understand or quote.`,
    evidence,
    fix: {
      what: "Give the main pages substance",
      why: "AI answers cite pages that explain something: who, what, how, how much. A few lines of text rarely get chosen as a source.",
      how: `Expand ${thin.map(({ page }) => pathOf(page.url)).join(", ")} to at least ${SUBSTANTIAL} words of useful, server-rendered text: what you offer, for whom, how it works, prices or terms, and answers to common questions.`,
      effort: "M",
    },
  };
}
