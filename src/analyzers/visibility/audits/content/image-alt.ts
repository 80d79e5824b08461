import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, notApplicable, passed } from "../audit.ts";
import { contentPages, pathOf } from "../../derive/site-pages.ts";
import { inlineCode } from "../fix-code.ts";

/** Alt text is all an agent knows of an image; alt="" (decorative) is a valid choice, a missing alt is not. */
export const imageAlt: AuditRule<"readable-pages"> = {
  id: "image-alt",
  title: "Images have alt text",
  impact: "low",
  requires: ["readable-pages"],
  notes: ["content-pages-cut"],
  run,
};

function run(artifacts: Artifacts): AuditOutcome {
  const pages = contentPages(artifacts);
  let total = 0;
  const missing: string[] = [];
  for (const page of pages) {
    for (const image of Array.from(page.document.querySelectorAll("img"))) {
      if (image.getAttribute("role") === "presentation" || image.getAttribute("aria-hidden") === "true") continue;
      total++;
      if (!image.hasAttribute("alt")) missing.push(`${pathOf(page.url)}: ${(image.getAttribute("src") ?? "(no src)").slice(0, 80)}`);
    }
  }
  if (total === 0) return notApplicable("The pages read have no images.");
  if (missing.length === 0) return passed(`All ${total} images have an alt attribute.`);
  const score = Math.round(((total - missing.length) / total) * 100) / 100;
  return {
    status: score < 0.5 ? "fail" : "warn",
    score: Math.min(score, 0.95),
    detail: `${missing.length} of ${total} images have no alt attribute.`,
    evidence: missing.slice(0, 5),
    fix: {
      what: "Add alt text to images",
      why: "Agents and assistants cannot see images; the alt text is how a product photo, chart or logo becomes something they can describe.",
      how: `Give each image a short description of what it shows, e.g. ${inlineCode(`<img src="${missing[0]!.split(": ").slice(1).join(": ")}" alt="…">`)}; use \`alt=""\` only for purely decorative images.`,
      effort: "S",
    },
  };
}
