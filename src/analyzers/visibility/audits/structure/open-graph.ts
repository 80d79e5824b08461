import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { excerpt } from "../../derive/page-text.ts";
import { homepageUrlOf, siteDescription, siteName, siteOriginOf } from "../../derive/site-identity.ts";
import { textOf } from "../../derive/site-pages.ts";
import { codeBlock } from "../fix-code.ts";

/** OpenGraph tags are the card chat assistants and link previews show for the site. */
export const openGraph: AuditRule<"readable-homepage"> = {
  id: "open-graph",
  title: "OpenGraph tags describe the page",
  impact: "low",
  requires: ["readable-homepage"],
  run,
};

const REQUIRED = ["og:title", "og:description", "og:image", "og:url"];

function run(artifacts: Artifacts, inputs: AuditInputs<"readable-homepage">): AuditOutcome {
  const homepage = inputs["readable-homepage"];
  const present = new Map<string, string>();
  // The protocol writes `property`; many readers also take `name`, and a page that states the tag is not told it lacks it.
  for (const meta of Array.from(homepage.document.querySelectorAll("meta[property][content],meta[name][content]"))) {
    const property = (meta.getAttribute("property") ?? meta.getAttribute("name") ?? "").trim().toLowerCase();
    if (REQUIRED.includes(property) && (meta.getAttribute("content") ?? "").trim()) present.set(property, meta.getAttribute("content")!.trim());
  }
  const missing = REQUIRED.filter((property) => !present.has(property));
  const evidence = [...present.entries()].map(([property, content]) => `${property}: ${excerpt(content, 80)}`);
  if (missing.length === 0) return passed("The homepage has og:title, og:description, og:image and og:url.", evidence);
  const origin = siteOriginOf(artifacts);
  const title = textOf(homepage.document.querySelector("title")) || siteName(artifacts);
  const description = siteDescription(artifacts) ?? `What ${siteName(artifacts)} offers.`;
  const values: Record<string, string> = { "og:title": title, "og:description": description, "og:image": `${origin}/og-image.png`, "og:url": `${origin}/` };
  const tags = missing.map((property) => `<meta property="${property}" content="${escapeAttribute(excerpt(values[property]!, 160))}">`).join("\n");
  return {
    status: missing.length === REQUIRED.length ? "fail" : "warn",
    score: (REQUIRED.length - missing.length) / REQUIRED.length,
    detail: `The homepage lacks ${missing.join(", ")}.`,
    evidence,
    fix: {
      what: "Add the missing OpenGraph tags",
      why: "Assistants and chat apps show the OpenGraph title, description and image when they link to the site.",
      how: `Add to the \`<head>\` of ${homepageUrlOf(artifacts)}:\n\n${codeBlock("html", tags)}`,
      effort: "S",
      code: [{ where: { kind: "head", url: homepageUrlOf(artifacts) }, language: "html", code: tags }],
    },
  };
}

/** Page values are hostile input: in an attribute, `&`, `"` and `<` are written as references so the tag stays one tag. */
function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
