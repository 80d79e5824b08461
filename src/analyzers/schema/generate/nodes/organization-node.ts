import type { JsonLdNode } from "../../../structured-data/extracted-item.ts";
import { LOCAL_BUSINESS } from "../../rich-results/rules/local-business.ts";
import { ORGANIZATION_LOGO } from "../../rich-results/rules/organization-logo.ts";
import type { BusinessFacts } from "../business-facts.ts";
import { type GraphPart, listed, reference } from "../graph-part.ts";
import type { PageFacts } from "../page-facts.ts";
import { addressLine, postalAddress } from "./postal-address.ts";

export interface OrganizationOptions {
  id: string;
  name: string;
  /** When the page shows a place people visit: the node is a LocalBusiness with its address. */
  business: BusinessFacts | null;
  /** The site's Organization, for a LocalBusiness that is one of its places. */
  parentOrganization?: string | null;
  /** False for a business stated beside the site's own Organization: the logo and profiles are the site's. */
  withSiteIdentity?: boolean;
}

/**
 * Who runs the site (name, root URL, logo image, profile links), or a LocalBusiness when the page
 * gives a place people visit: a LocalBusiness is an Organization, so one node serves both roles.
 */
export function organizationPart(facts: PageFacts, options: OrganizationOptions): GraphPart {
  const { id, name, business } = options;
  const withSiteIdentity = options.withSiteIdentity ?? true;
  const type = business ? "LocalBusiness" : "Organization";
  const node: JsonLdNode = { "@type": type, "@id": id, name, url: `${facts.origin}/` };
  const logo = withSiteIdentity ? facts.logo : null;
  const sameAs = withSiteIdentity ? facts.sameAs : [];
  if (logo) node.logo = logo;
  if (sameAs.length > 0) node.sameAs = sameAs;
  if (business) {
    node.address = postalAddress(business.address);
    if (business.telephone) node.telephone = business.telephone;
    if (business.geo) node.geo = { "@type": "GeoCoordinates", latitude: business.geo.latitude, longitude: business.geo.longitude };
  }
  if (options.parentOrganization) node.parentOrganization = reference(options.parentOrganization);
  const from = listed([
    `the name "${name}"`,
    business ? `the address ${addressLine(business.address)}` : null,
    business?.telephone ? "the phone number" : null,
    business?.geo ? "the map coordinates" : null,
    logo ? "the logo image" : null,
    sameAs.length > 0 ? `${sameAs.length} profile link(s)` : null,
  ]);
  const reason = business
    ? `The page gives the address of a place people visit without LocalBusiness markup; with it, search engines can show the business with its address${business.telephone ? " and phone number" : ""}. Built from ${from}.`
    : `The site has no Organization markup. It tells search engines and AI assistants who runs the site${logo ? " and which logo to show" : ""}. Built from ${from}.`;
  const richResults = [...(business ? [LOCAL_BUSINESS.feature] : []), ...(logo ? [ORGANIZATION_LOGO.feature] : [])];
  return { type, id, node, reason, richResults };
}
