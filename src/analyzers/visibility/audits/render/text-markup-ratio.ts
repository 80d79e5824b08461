import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed, unknownOutcome } from "../audit.ts";
import { visibleText } from "../../derive/page-text.ts";

/**
 * How much of the served HTML is readable text. Agents read a budget of bytes per page: a page made of
 * kilobytes of inline scripts, styles and markup around a few sentences spends that budget on noise.
 */
export const textMarkupRatio: AuditRule<"readable-homepage"> = {
  id: "text-markup-ratio",
  title: "The HTML is mostly content, not markup and scripts",
  impact: "low",
  requires: ["readable-homepage"],
  run,
};

const GOOD_RATIO = 0.1;
const POOR_RATIO = 0.03;

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  // Against the part that was parsed, so a page cut for parsing is not judged by text it was not read for.
  const htmlBytes = Buffer.byteLength(homepage.response.html.slice(0, homepage.parsedChars));
  if (htmlBytes === 0) return unknownOutcome("The homepage's HTML is empty.");
  const textBytes = Buffer.byteLength(visibleText(homepage.document));
  const ratio = textBytes / htmlBytes;
  const percent = `${(ratio * 100).toFixed(1)}%`;
  const evidence = [`${textBytes} bytes of text in ${htmlBytes} bytes of HTML (${percent})`];
  if (ratio >= GOOD_RATIO) return passed(`${percent} of the served HTML is visible text.`, evidence);
  const inline = Array.from(homepage.document.querySelectorAll("script:not([src]),style")).reduce((sum, element) => sum + Buffer.byteLength(element.textContent ?? ""), 0);
  return {
    status: ratio >= POOR_RATIO ? "warn" : "fail",
    score: ratio >= POOR_RATIO ? 0.6 : 0.2,
    detail: `Only ${percent} of the served HTML is visible text; ${Math.round((inline / htmlBytes) * 100)}% is inline scripts and styles.`,
    evidence: [...evidence, `${inline} bytes of inline <script> and <style>`],
    fix: {
      what: "Trim inline scripts, styles and markup",
      why: "Crawlers and AI agents read a limited number of bytes per page; the more of them are content, the more of the page they understand.",
      how: "Move inline `<script>` and `<style>` blocks into cached external files, drop unused framework state embedded in the page, and flatten deeply nested wrappers, so that text makes up at least 10% of the HTML.",
      effort: "M",
    },
  };
}
