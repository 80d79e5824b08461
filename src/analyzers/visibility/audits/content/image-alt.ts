import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, notApplicable, passed } from "../audit.ts";
import { contentPages, pathOf } from "../../derive/site-pages.ts";
import { type FixCode } from "../audit.ts";
import { codeBlock, inlineCode } from "../fix-code.ts";
import { type ImageTag, imageTags } from "../../derive/image-tags.ts";

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
  const lacking: { url: string; html: string; src: string | null }[] = [];
  for (const page of pages) {
    for (const image of Array.from(page.document.querySelectorAll("img"))) {
      if (image.getAttribute("role") === "presentation" || image.getAttribute("aria-hidden") === "true") continue;
      total++;
      if (image.hasAttribute("alt")) continue;
      missing.push(`${pathOf(page.url)}: ${(image.getAttribute("src") ?? "(no src)").slice(0, 80)}`);
      lacking.push({ url: page.url, html: page.html, src: image.getAttribute("src") });
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
      ...altFix(lacking),
      effort: "S",
    },
  };
}

/** Beyond this many distinct elements, the change belongs in templates: the fix names them instead of giving each. */
const MAX_PLACED = 10;
/** Longer tags (an inline data: image) are named, not quoted. */
const MAX_TAG = 400;

/**
 * The site's own <img> tags with an alt attribute added, each placed by its exact text in the page's source
 * (derive/image-tags.ts), when every image that lacks one can be given so; otherwise the images are named.
 */
function altFix(lacking: { url: string; html: string; src: string | null }[]): { how: string; code?: FixCode[] } {
  const advice = 'Give each image a short description of what it shows; use `alt=""` only for purely decorative images.';
  const placed = new Map<string, { url: string; tag: string }>();
  const tagsByPage = new Map<string, ReturnType<typeof imageTags>>();
  const used = new Set<ImageTag>();
  for (const image of lacking) {
    const tags = tagsByPage.get(image.url) ?? imageTags(image.html);
    tagsByPage.set(image.url, tags);
    // The source holds the elements in the order the DOM does: each image takes the next tag of its src.
    const tag = tags.find((candidate) => !used.has(candidate) && !candidate.hasAlt && !candidate.hidden && candidate.src === image.src);
    if (tag) used.add(tag);
    if (!tag || tag.text.length > MAX_TAG) return { how: `${advice} For example, the image ${inlineCode((image.src ?? "(no src)").slice(0, 120))} on ${image.url}.` };
    placed.set(`${image.url} ${tag.text}`, { url: image.url, tag: tag.text });
  }
  if (placed.size > MAX_PLACED) return { how: `${advice} ${placed.size} different image elements lack one, so the change is best made where they come from (the templates, or the CMS's image fields); the first is ${inlineCode([...placed.values()][0]!.tag)} on ${[...placed.values()][0]!.url}.` };
  const code: FixCode[] = [...placed.values()].map(({ url, tag }) => ({ where: { kind: "element", url, element: tag }, language: "html", code: withAlt(tag) }));
  const steps = [...placed.values()].map(({ url, tag }) => `On ${url}, replace ${inlineCode(tag)} with:\n\n${codeBlock("html", withAlt(tag))}`);
  return { how: `${advice} Write your own words where the code says ${inlineCode("<your description of what the image shows>")}.\n\n${steps.join("\n\n")}`, code };
}

/** The tag as the site wrote it, with an alt attribute right after its name (where no unquoted value can swallow it). */
function withAlt(tag: string): string {
  return `${tag.slice(0, 4)} alt="<your description of what the image shows>"${tag.slice(4)}`;
}
