import { type GraphNode, hasType, propertyTexts, propertyValues } from "../../structured-data/structured-graph.ts";
import type { Artifacts } from "../gather/artifacts.ts";
import { readableHomepage } from "./homepage-document.ts";
import { describesBusiness, LOCAL_BUSINESS_TYPES, ORGANIZATION_TYPES } from "./schema-type-families.ts";
import { homepageStructure, siteEntity } from "./site-entity.ts";
import { siteName, siteOriginOf } from "./site-identity.ts";
import { computed } from "../../../lib/computed.ts";

/**
 * The site's entity as every fix names it: the node the homepage declares for its owner (derive/site-entity.ts)
 * with its own `@id`, type, name, url and sameAs, or, when it declares none, the one a fix should add. Every
 * suggested JSON-LD refers to the owner by this `@id`, so that what a fix adds joins the graph the site has
 * (`https://rosewood-bakery.com/#business` stays the business) instead of naming a second organisation
 * or pointing at an `@id` nothing defines. sameAs suggestions are what the scan found: the Wikidata item and
 * Wikipedia article of the off-site checks and the profiles the homepage links to.
 */

export type OwnerKind = "organization" | "local-business" | "person";

export interface SiteOwner {
  /** The `@id` fixes use: the owner node's own, else a new one at the homepage (`…/#organization`, `…/#person`). */
  id: string;
  /** True when the homepage's graph holds a node with `id`: a fix may then refer to it by `{"@id": …}` on the homepage. */
  declared: boolean;
  /** The owner node the homepage declares (with or without an `@id`), or null when it declares none. */
  node: GraphNode | null;
  /** Why this node was taken ("the WebSite's publisher"), null when the site declares no owner. */
  reason: string | null;
  /** Its schema.org type as declared (a Bakery stays a Bakery), or the type a fix should give it. */
  type: string;
  kind: OwnerKind;
  /** Its declared name, else the site's name. */
  name: string;
  /** Its declared url, else the homepage. */
  url: string;
  /** The sameAs links it declares, as written. */
  sameAs: string[];
  /** What the scan found elsewhere: the Wikidata item and English Wikipedia article tied to the site, when found. */
  wikidata: string | null;
  wikipedia: string | null;
  /** Profiles of the owner the homepage links to (LinkedIn, Instagram, GitHub …), as sameAs candidates. */
  profiles: string[];
  origin: string;
}

/** Hosts of official profiles that knowledge graphs use to recognise an entity. */
export const PROFILE_HOSTS = /(?:^|\.)(?:linkedin\.com|x\.com|twitter\.com|facebook\.com|instagram\.com|youtube\.com|github\.com|crunchbase\.com|mastodon\.social|bsky\.app|tiktok\.com|threads\.net|pinterest\.com)$/i;
/** Links to a profile host that are not a profile: share buttons, intents, the host's own pages. */
const NOT_A_PROFILE = /\/(?:sharer|share|intent|shareArticle|dialog|hashtag|search|home|login|signup|legal|policies|about|help|privacy|terms)(?:[/.?]|$)|[?&](?:u|url|text)=/i;
const PROFILES_KEPT = 6;

/** The site's owner, or null when there is no readable homepage to read it from. Made once per scan. */
export const siteOwner: (artifacts: Artifacts) => SiteOwner | null = computed(findOwner);

function findOwner(artifacts: Artifacts): SiteOwner | null {
  const structure = homepageStructure(artifacts);
  if (!structure.ok) return null;
  const origin = siteOriginOf(artifacts);
  const entity = siteEntity(structure);
  const node = entity?.node ?? null;
  const offsite = artifacts.offsite;
  const found = {
    wikidata: offsite?.wikidata.status === "found" ? offsite.wikidata.url : null,
    wikipedia: offsite?.wikipedia.status === "found" ? offsite.wikipedia.url : null,
  };
  if (node) {
    const type = node.types.find((entry) => ORGANIZATION_TYPES.includes(entry))!;
    const kind: OwnerKind = type === "Person" ? "person" : LOCAL_BUSINESS_TYPES.includes(type) || describesBusiness(node.node) ? "local-business" : "organization";
    return {
      id: node.id ?? `${origin}/#${kind === "person" ? "person" : "organization"}`,
      declared: node.id !== null,
      node,
      reason: entity!.reason,
      type,
      kind,
      name: propertyTexts(node, "name")[0] ?? siteName(artifacts),
      url: propertyTexts(node, "url").find((url) => URL.canParse(url, origin)) ?? `${origin}/`,
      sameAs: linksOf(node, "sameAs"),
      ...found,
      profiles: profileLinks(artifacts, kind, propertyTexts(node, "name")[0] ?? siteName(artifacts)),
      origin,
    };
  }
  const name = siteName(artifacts);
  const person = structure.graph.nodes.find((entry) => hasType(entry, "Person") && propertyTexts(entry, "name").some((text) => text.toLowerCase() === name.toLowerCase()));
  const kind: OwnerKind = person ? "person" : "organization";
  return {
    id: `${origin}/#${person ? "person" : "organization"}`,
    declared: structure.graph.byId.has(`${origin}/#${person ? "person" : "organization"}`),
    node: null,
    reason: null,
    type: person ? "Person" : "Organization",
    kind,
    name,
    url: `${origin}/`,
    sameAs: [],
    ...found,
    profiles: profileLinks(artifacts, kind, name),
    origin,
  };
}

/** URLs a property links to, written as text or as `{"@id": …}`. */
export function linksOf(node: GraphNode, property: string): string[] {
  return propertyValues(node, property)
    .map((value) => (typeof value === "string" ? value : typeof value === "object" && value !== null && typeof (value as Record<string, unknown>)["@id"] === "string" ? ((value as Record<string, unknown>)["@id"] as string) : null))
    .filter((url): url is string => url !== null && URL.canParse(url));
}

/**
 * The owner's profiles the homepage links to (footers link them: "Follow us on Instagram"). Pages link
 * other accounts too (an author's, a quoted post), so a profile counts only when its account name spells
 * part of the owner's name or the domain's ("krautreporter.de" for Krautreporter eG, "cnbc" for CNBC), and
 * only an account's own page (one path segment; LinkedIn's /in/ and /company/, YouTube's /user/, /c/ and
 * /channel/). A person's site links their own profiles; a company page on LinkedIn is never a person's.
 */
function profileLinks(artifacts: Artifacts, kind: OwnerKind, ownerName: string): string[] {
  const homepage = readableHomepage(artifacts);
  if (!homepage.ok) return [];
  const found = new Map<string, string>();
  for (const anchor of Array.from(homepage.document.querySelectorAll("a[href]"))) {
    const href = (anchor.getAttribute("href") ?? "").trim();
    if (!/^https?:\/\//i.test(href) || !URL.canParse(href)) continue;
    const url = new URL(href);
    if (!PROFILE_HOSTS.test(url.hostname) || NOT_A_PROFILE.test(`${url.pathname}${url.search}`)) continue;
    const path = url.pathname.replace(/\/+$/, "");
    const account = accountOf(path);
    if (account === null || !namesOwner(account, ownerName, artifacts.domain)) continue;
    if (kind === "person" && /linkedin\.com$/i.test(url.hostname) && !path.startsWith("/in/")) continue;
    url.hash = "";
    url.search = "";
    const key = `${url.hostname.replace(/^www\./, "")}${path}`.toLowerCase();
    if (!found.has(key)) found.set(key, url.href);
    if (found.size >= PROFILES_KEPT) break;
  }
  return [...found.values()];
}

/** The account an address is the page of: `/cnbc`, `/@cnbc`, `/in/jane-okafor`, `/company/cnbc`, `/user/cnbc`; null for a post or any deeper page. */
function accountOf(path: string): string | null {
  const match = /^\/(?:(?:in|company|user|c|channel|school)\/)?@?([^/]+)$/i.exec(path);
  return match ? decodeURIComponent(match[1]!) : null;
}

function lettersOf(text: string): string {
  return text.normalize("NFD").replace(/[^\p{L}\p{N}]/gu, "").toLowerCase();
}

/** Whether an account name spells a word of the owner's name or the domain's first label (four letters or more), or the whole of either. */
function namesOwner(account: string, ownerName: string, domain: string): boolean {
  const handle = lettersOf(account);
  if (handle.length < 3) return false;
  const label = lettersOf(domain.replace(/^www\./, "").split(".")[0] ?? "");
  const words = [...ownerName.split(/[^\p{L}\p{N}]+/u), label].map(lettersOf).filter((word) => word.length >= 4);
  const whole = [lettersOf(ownerName), label].filter((word) => word.length >= 2);
  return words.some((word) => handle.includes(word)) || whole.some((word) => word.includes(handle) || handle.includes(word));
}

/**
 * The sameAs a fix suggests: what the owner declares, then the Wikidata item, the Wikipedia article and the
 * profiles the scan found. Placeholders (marked <…>) only when nothing found would make the entity
 * recognisable: a Wikidata or Wikipedia link, or two profiles.
 */
export function suggestedSameAs(owner: SiteOwner): string[] {
  const known = [...owner.sameAs];
  const add = (url: string | null) => {
    if (url && !known.some((entry) => sameUrl(entry, url))) known.push(url);
  };
  add(owner.wikidata);
  add(owner.wikipedia);
  owner.profiles.forEach(add);
  const hosts = known.filter((url) => URL.canParse(url)).map((url) => new URL(url).hostname);
  if (hosts.some((host) => /(?:^|\.)(?:wikidata|wikipedia)\.org$/i.test(host)) || hosts.filter((host) => PROFILE_HOSTS.test(host)).length >= 2) return known;
  return [...known, ...placeholderProfiles(owner.kind).slice(0, Math.max(1, 2 - hosts.filter((host) => PROFILE_HOSTS.test(host)).length))];
}

function placeholderProfiles(kind: OwnerKind): string[] {
  return kind === "person"
    ? ["https://www.linkedin.com/in/<your profile>", "https://github.com/<your account>"]
    : ["https://www.linkedin.com/company/<your page>", "https://www.instagram.com/<your account>"];
}

function sameUrl(a: string, b: string): boolean {
  const key = (url: string) => url.replace(/^https?:\/\/(?:www\.)?/i, "").replace(/\/+$/, "").toLowerCase();
  return key(a) === key(b);
}

/**
 * How a fix on `pageUrl` refers to the owner: by `{"@id": …}` on the homepage where the node is declared;
 * elsewhere (or where the homepage's node has no `@id`) by a node that carries the `@id` with the type and
 * name, so that the reference resolves on the page it is pasted into and names the same entity.
 */
export function ownerReference(owner: SiteOwner, pageUrl: string): Record<string, unknown> {
  const onHomepage = URL.canParse(pageUrl) && new URL(pageUrl).origin === owner.origin && new URL(pageUrl).pathname === "/";
  if (owner.declared && onHomepage) return { "@id": owner.id };
  return { "@type": owner.type, "@id": owner.id, name: owner.name, url: owner.url };
}
