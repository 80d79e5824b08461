import type { Artifacts } from "../gather/artifacts.ts";
import { hasType, propertyTexts } from "../../structured-data/structured-graph.ts";
import { homepageStructure, siteEntity, siteWebsite } from "./site-entity.ts";
import { type HtmlDocument, readableHomepage } from "./homepage-document.ts";
import { excerpt } from "./page-text.ts";
import { textOf } from "./site-pages.ts";
import { metaContent } from "./meta-content.ts";

/**
 * What fixes call the site, in order of trust: the name its WebSite (or homepage Blog) gives itself (the site name Google
 * shows, https://developers.google.com/search/docs/appearance/site-names), unless it is a generic word
 * such as "Home"; og:site_name (written with property= or name=); application-name; the name of the entity behind the site; the part of the <title> that
 * names the site; the domain.
 */
export function siteName(artifacts: Artifacts): string {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return artifacts.domain;
  const structure = homepageStructure(artifacts);
  const website = structure.ok ? siteWebsite(structure) : null;
  const entity = structure.ok ? siteEntity(structure)?.node : null;
  // A personal site's homepage is often a Blog rather than a WebSite: its name is the site's.
  const blog = structure.ok ? structure.graph.nodes.find((node) => node.topLevel && hasType(node, "Blog")) : undefined;
  const candidates = [
    ...(website ? propertyTexts(website, "name") : []),
    ...(blog ? propertyTexts(blog, "name") : []),
    metaContent(homepage.document, ["og:site_name"]) ?? "",
    applicationName(homepage.document),
    ...(entity ? propertyTexts(entity, "name") : []),
    titleSiteName(textOf(homepage.document.querySelector("title")), artifacts.domain) ?? "",
  ];
  const name = candidates.find((candidate) => candidate !== "" && !GENERIC_NAMES.test(candidate));
  return name ? excerpt(name, 80) : artifacts.domain;
}

/**
 * What the homepage says the site is, in its own words: its meta description (any letter case, as
 * `<meta name="Description">` is written), else its og:description; null when it states none.
 */
export function siteDescription(artifacts: Artifacts): string | null {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return null;
  return metaContent(homepage.document, ["description"]) ?? metaContent(homepage.document, ["og:description", "twitter:description"]);
}

/** The page's application-name, unless it is an address or an abbreviation of two letters ("RS"), which name no site to a reader. */
function applicationName(document: HtmlDocument): string {
  const name = metaContent(document, ["application-name"]) ?? "";
  return /^https?:\/\//i.test(name) || name.length <= 2 ? "" : name;
}

/** Words CMSs put where a site name belongs. */
const GENERIC_NAMES = /^(?:home|homepage|home page|start|startseite|accueil|inicio|index|welcome|untitled|website|my (?:site|blog|website))$/i;

/**
 * The part of a title that names the site. "Article headline - Site" and "Site | Tagline" both occur,
 * so the part that spells the domain's name wins (`La Vie des idées` for laviedesidees.fr), else the
 * shortest part that is not a generic word: a site name is shorter than a headline or a tagline.
 */
function titleSiteName(title: string, domain: string): string | null {
  const parts = title.split(/\s[|–—:·•-]\s|:\s/).map((part) => part.trim()).filter((part) => part !== "" && !GENERIC_NAMES.test(part));
  if (parts.length === 0) return null;
  const label = lettersOf(domain.split(".")[0] ?? "");
  const spelled = parts.find((part) => label.length > 2 && lettersOf(part) === label);
  if (spelled) return spelled;
  return parts.reduce((shortest, part) => (part.length < shortest.length ? part : shortest));
}

function lettersOf(text: string): string {
  return text.normalize("NFD").replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();
}

/** The origin pages live at, for fixes that write URLs. */
export function siteOriginOf(artifacts: Artifacts): string {
  return artifacts.homepage.ok ? new URL(artifacts.homepage.finalUrl).origin : `https://${artifacts.domain}`;
}

/** The address of the homepage as the scan read it (after redirects): where fixes for the homepage go. */
export function homepageUrlOf(artifacts: Artifacts): string {
  return artifacts.homepage.ok ? artifacts.homepage.finalUrl : `${siteOriginOf(artifacts)}/`;
}
