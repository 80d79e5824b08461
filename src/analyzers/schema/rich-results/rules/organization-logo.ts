import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** The logo and administrative details Google shows for an organization in knowledge panels. */
export const ORGANIZATION_LOGO: FeatureRule = {
  id: "organization-logo",
  feature: "Organization logo",
  types: ["Organization"],
  documentation: `${GOOGLE_DOCS}/organization`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    { property: "logo", advice: "the URL of the logo image (at least 112 × 112 pixels)" },
    { property: "url", advice: "the URL of the organization's website" },
  ],
  recommended: [
    "name",
    "alternateName",
    "legalName",
    "description",
    "sameAs",
    "address",
    "contactPoint",
    "telephone",
    "email",
    "foundingDate",
    "numberOfEmployees",
    { anyOf: ["iso6523Code", "duns", "leiCode", "vatID", "taxID", "naics", "globalLocationNumber"], advice: "an official identifier of the organization" },
    "hasMerchantReturnPolicy",
    "hasShippingService",
  ],
};
