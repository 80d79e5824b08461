import { slashlessVocabNote } from "../../../structured-data/shown-type.ts";
import type { Artifacts } from "../../gather/artifacts.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";
import { type PageKind, type PageProfile, profilePage } from "../../derive/page-profile.ts";
import { ABOUT_TYPES, ARTICLE_TYPES, CONTACT_TYPES, describesBusiness, FAQ_TYPES, ORGANIZATION_TYPES, PRODUCT_TYPES, SPECIFIC_CONTENT_TYPES, WEB_PAGE_TYPES } from "../../derive/schema-type-families.ts";
import { siteName } from "../../derive/site-identity.ts";
import { siteOwner } from "../../derive/site-owner.ts";
import { structuredGraph } from "../../../structured-data/structured-graph.ts";
import { pathOf, sitePages } from "../../derive/site-pages.ts";
import { counted } from "../wording.ts";
import { EXPECTED_TYPES, KIND_LABELS, typeFitBlock } from "../type-fit-block.ts";

/**
 * JSON-LD helps only when its type says what the page is: an article marked as an Article, an FAQ as an
 * FAQPage, a product as a Product, the homepage as the organisation and its website. Assistants and
 * answer engines read the type to decide what a page can answer. Each page read (the homepage and the
 * sampled pages) is profiled from its HTML, and its declared types are checked against what it looks like.
 */
export const schemaTypeFit: AuditRule<"readable-homepage"> = {
  id: "schema-type-fit",
  title: "Each page's structured-data type fits what the page is",
  impact: "medium",
  requires: ["readable-homepage"],
  run,
};

const FITTING: Record<PageKind, readonly string[]> = {
  home: [...ORGANIZATION_TYPES, ...WEB_PAGE_TYPES],
  article: [...ARTICLE_TYPES, ...SPECIFIC_CONTENT_TYPES],
  faq: FAQ_TYPES,
  product: PRODUCT_TYPES,
  contact: CONTACT_TYPES,
  about: ABOUT_TYPES,
};
/** The homepage weighs as much as all the sampled pages together: it is the page every assistant reads first. */
const HOME_SHARE = 0.5;
/** Fixes carry a block for at most this many pages; the pattern is clear by then. */
const BLOCKS_SHOWN = 4;

interface Judged {
  profile: PageProfile;
  fits: boolean;
}

function run(artifacts: Artifacts): AuditOutcome {
  const judged: Judged[] = sitePages(artifacts)
    .map(profilePage)
    .filter((profile) => profile.kinds.length > 0)
    .map((profile) => ({ profile, fits: fits(profile) }));
  const home = judged.find((entry) => entry.profile.page.role === "home");
  const samples = judged.filter((entry) => entry !== home);
  const sampleShare = samples.length === 0 ? 0 : samples.filter((entry) => entry.fits).length / samples.length;
  const score = samples.length === 0 ? (home?.fits ? 1 : 0) : Math.round(((home?.fits ? HOME_SHARE : 0) + (1 - HOME_SHARE) * sampleShare) * 100) / 100;
  const evidence = judged.map(describe);
  const misfits = judged.filter((entry) => !entry.fits);
  if (misfits.length === 0) {
    return passed(`Every page judged declares a type that fits it: ${judged.map(({ profile }) => `${pathOf(profile.url)} (${(fittingTypes(profile).length > 0 ? fittingTypes(profile) : profile.declared).slice(0, 4).join(", ")})`).join("; ")}.${vocabNote(judged)}`, evidence);
  }
  // The runner has checked the homepage is readable, so the owner is derived.
  const owner = siteOwner(artifacts)!;
  const placed = misfits.slice(0, BLOCKS_SHOWN).map(({ profile }) => ({ profile, block: typeFitBlock(profile.kinds[0]!, profile, owner, siteName(artifacts)) }));
  const blocks = placed.map(({ profile, block }) => `On ${profile.page.url} (${KIND_LABELS[profile.kinds[0]!]}):\n\n${block.text}`);
  const more = misfits.length > BLOCKS_SHOWN ? `\n\nDo the same for ${misfits.slice(BLOCKS_SHOWN).map(({ profile }) => pathOf(profile.url)).join(", ")}.` : "";
  return {
    status: score === 0 ? "fail" : "warn",
    score,
    detail: `${judged.length === 1 ? "The one page judged has" : `${misfits.length} of the ${counted(judged.length, "page")} judged ${misfits.length === 1 ? "has" : "have"}`} no structured-data type that fits ${misfits.length === 1 ? "it" : "them"}: ${misfits.map(({ profile }) => `${pathOf(profile.url)} is ${KIND_LABELS[profile.kinds[0]!]}${profile.reasons[profile.kinds[0]!] ? ` (${profile.reasons[profile.kinds[0]!]})` : ""} but declares ${profile.declared.length > 0 ? profile.declared.slice(0, 4).join(", ") : "no structured-data type"}, where ${EXPECTED_TYPES[profile.kinds[0]!]} fits`).join("; ")}.${vocabNote(judged)}`,
    evidence,
    fix: {
      what: "Mark up each page with the type that says what it is",
      why: "Assistants and answer engines read a page's structured-data type to know what it can answer: an Article has an author and a date to cite, an FAQPage questions and answers, a Product a price. A missing or generic type leaves them guessing.",
      how: `Add these blocks to the pages' \`<head>\` (generated from each page's own title, URL, description, author and dates; check the values, and fill what is marked <…>):\n\n${blocks.join("\n\n")}${more}`,
      effort: misfits.length > 2 ? "M" : "S",
      code: placed.map(({ block }) => block.code),
    },
  };
}

/** Said once, when a page's types were expanded from a slash-less `@vocab`. */
function vocabNote(judged: readonly Judged[]): string {
  const note = slashlessVocabNote(judged.flatMap(({ profile }) => profile.written));
  return note ? ` ${note}` : "";
}

function fits(profile: PageProfile): boolean {
  if (fittingTypes(profile).length > 0) return true;
  // A homepage describing a business by its properties fits, whatever LocalBusiness subtype it names.
  return profile.kinds.includes("home") && structuredGraph(profile.page.document, profile.page.html, profile.page.url).nodes.some((node) => describesBusiness(node.node));
}

/** The declared types that fit any kind the page looks like. */
function fittingTypes(profile: PageProfile): string[] {
  const accepted = new Set(profile.kinds.flatMap((kind) => FITTING[kind]));
  return profile.stated.filter((type) => accepted.has(type));
}

function describe({ profile, fits }: Judged): string {
  const looks = profile.kinds.map((kind) => `${KIND_LABELS[kind]}${profile.reasons[kind] ? ` (${profile.reasons[kind]})` : ""}`).join(" and ");
  const declared = profile.declared.length > 0 ? profile.declared.slice(0, 5).join(", ") : "no structured-data type";
  return `${pathOf(profile.url)}: ${looks}; declares ${declared}${fits ? "" : ` (expected ${EXPECTED_TYPES[profile.kinds[0]!]})`}`;
}
