import type { ExistingMarkup } from "./existing-markup.ts";
import type { BusinessFacts } from "./business-facts.ts";
import { graphIds, type GraphIds } from "./graph-ids.ts";
import type { GraphPart } from "./graph-part.ts";
import { articlePart } from "./nodes/article-node.ts";
import { breadcrumbPart } from "./nodes/breadcrumb-node.ts";
import { eventPart } from "./nodes/event-node.ts";
import { faqPagePart } from "./nodes/faq-questions.ts";
import { organizationPart } from "./nodes/organization-node.ts";
import { productPart } from "./nodes/product-node.ts";
import { webPagePart } from "./nodes/webpage-node.ts";
import { websitePart } from "./nodes/website-node.ts";
import type { PageFacts } from "./page-facts.ts";

/**
 * The suggested markup as one graph: the site's Organization and WebSite, the WebPage, and what the
 * page is about (a Product, an Event, an Article), its breadcrumb trail and its questions, joined by
 * @id. A type the page already marks up is never suggested again; where the page's own node of that
 * type has an @id on this site, the graph links to it instead.
 */
export interface MarkupGraph {
  parts: GraphPart[];
  /** @ids of the page's own nodes that the graph refers to: they resolve once it is pasted into that page. */
  linksTo: string[];
}

type Subject = { kind: "product"; name: string; offer: NonNullable<PageFacts["offer"]> } | { kind: "event"; name: string; event: NonNullable<PageFacts["event"]> } | { kind: "article"; headline: string };

/** Null when the page shows nothing that its markup lacks: the graph's scaffolding alone is not worth pasting. */
export function buildMarkupGraph(facts: PageFacts, existing: ExistingMarkup): MarkupGraph | null {
  const ids = graphIds(facts);
  const business = facts.business && !existing.has("LocalBusiness") ? facts.business : null;
  const organizationMarked = existing.has("Organization");
  const organization = organizationMarked ? null : siteOrganization(facts, ids, business);
  const organizationId = organization?.id ?? existing.idOf("Organization");
  const besideOrganization = organizationMarked && business ? localBusinessBeside(facts, ids, business, organizationId) : null;

  const website = !existing.has("WebSite") && facts.siteName ? websitePart(facts, ids.website, facts.siteName, organizationId) : null;
  const websiteId = website?.id ?? existing.idOf("WebSite");

  const makesPage = !existing.has("WebPage");
  const pageId = makesPage ? ids.webpage : existing.idOf("WebPage", (id) => namesThisPage(id, facts));
  const faq = facts.questions.length >= 2 && !existing.has("FAQPage") && !existing.has("QAPage");
  const faqOnPage = faq && makesPage;
  const breadcrumb = facts.breadcrumbs.length >= 2 && !existing.has("BreadcrumbList") ? breadcrumbPart(facts, ids.breadcrumb) : null;

  const chosen = subjectOf(facts, existing);
  // A FAQ page's main entities are its questions; the subject is then what the page is about.
  const subjectPage = faqOnPage ? null : pageId;
  const subject = chosen === null ? null : subjectPart(facts, ids, chosen, organizationId, subjectPage);

  const worthPasting = subject !== null || breadcrumb !== null || faq || besideOrganization !== null || (organization !== null && (facts.isHomepage || business !== null)) || (website !== null && facts.isHomepage);
  if (!worthPasting) return null;

  // A homepage, or a page that gives the business's address, is about the organization; otherwise about its subject.
  const topic = subject?.id ?? besideOrganization?.id ?? (facts.isHomepage || business !== null ? organizationId : null);
  const page = makesPage
    ? webPagePart(facts, ids.webpage, {
        website: websiteId,
        breadcrumb: breadcrumb?.id ?? null,
        mainEntity: subject?.id ?? null,
        about: faqOnPage || subject === null ? topic : null,
        faq: faqOnPage,
      })
    : null;
  const faqApart = faq && !faqOnPage ? faqPagePart(facts, ids.faq, websiteId) : null;
  const parts = [organization, website, page, subject, besideOrganization, breadcrumb, faqApart].filter((part): part is GraphPart => part !== null);
  return { parts, linksTo: outsideReferences(parts) };
}

/** The site's Organization, or the LocalBusiness the page gives when the site marks up no organization. */
function siteOrganization(facts: PageFacts, ids: GraphIds, business: BusinessFacts | null): GraphPart | null {
  const name = business?.name ?? facts.siteName;
  return name ? organizationPart(facts, { id: ids.organization, name, business }) : null;
}

/** A place of a site that already marks up its Organization: a LocalBusiness of its own, linked to that Organization. */
function localBusinessBeside(facts: PageFacts, ids: GraphIds, business: BusinessFacts, organizationId: string | null): GraphPart | null {
  const name = business.name ?? facts.siteName;
  return name ? organizationPart(facts, { id: ids.localBusiness, name, business, parentOrganization: organizationId, withSiteIdentity: false }) : null;
}

/**
 * What the page is about, one at most: the product it says it sells (og:type product), the event it
 * announces, the article it is, or the one price it shows. Each kind decides alone: a page whose event
 * or article is marked up already is not then offered a Product for the ticket price it shows.
 * Homepages are about the site.
 */
function subjectOf(facts: PageFacts, existing: ExistingMarkup): Subject | null {
  if (facts.isHomepage) return null;
  const headline = facts.headline;
  const product = facts.offer && headline && !existing.has("Product") ? { kind: "product" as const, name: headline, offer: facts.offer } : null;
  if (facts.productLike) return product;
  if (facts.event || existing.has("Event")) {
    const name = facts.event?.name ?? headline;
    return facts.event && name && !existing.has("Event") ? { kind: "event", name, event: facts.event } : null;
  }
  if (facts.articleLike) return headline && !existing.has("Article") ? { kind: "article", headline } : null;
  return product;
}

function subjectPart(facts: PageFacts, ids: GraphIds, subject: Subject, organizationId: string | null, pageId: string | null): GraphPart {
  switch (subject.kind) {
    case "product":
      return productPart(facts, ids.product, subject.name, subject.offer, { seller: organizationId, page: pageId });
    case "event":
      return eventPart(facts, ids.event, subject.name, subject.event, pageId);
    case "article":
      return articlePart(facts, ids.article, subject.headline, { publisher: organizationId, page: pageId });
  }
}

/** Whether an @id names this page (itself or a fragment of it). */
function namesThisPage(id: string, facts: PageFacts): boolean {
  const withoutFragment = id.replace(/#.*$/, "");
  return withoutFragment === facts.canonicalUrl || withoutFragment === facts.url.replace(/#.*$/, "");
}

/** References (`{"@id": …}`) anywhere in the parts that name no part: nodes of the page itself. */
function outsideReferences(parts: readonly GraphPart[]): string[] {
  const own = new Set(parts.map((part) => part.id));
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    const entries = Object.entries(value);
    if (entries.length === 1 && entries[0]![0] === "@id" && typeof entries[0]![1] === "string" && !own.has(entries[0]![1])) found.add(entries[0]![1]);
    for (const [, member] of entries) visit(member);
  };
  parts.forEach((part) => visit(part.node));
  return [...found];
}
