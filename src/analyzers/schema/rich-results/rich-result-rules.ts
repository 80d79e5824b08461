/**
 * Google's documented required and recommended properties for the rich results most sites can get
 * (developers.google.com/search/docs/appearance/structured-data). A path such as `offers.price` must be
 * present on every value along the way; an array in a requirement means "any one of these".
 */

export type Requirement = string | readonly string[];

export interface RichResultRule {
  feature: string;
  /** The rule applies to items of these types or their subtypes. */
  types: readonly string[];
  required: readonly Requirement[];
  recommended: readonly string[];
  /** A caveat Google documents beyond the properties. */
  note?: string;
}

export const RICH_RESULT_RULES: readonly RichResultRule[] = [
  {
    feature: "Article",
    types: ["Article"],
    required: [],
    recommended: ["headline", "image", "datePublished", "dateModified", "author", "author.name", "author.url"],
  },
  {
    feature: "Product snippet",
    types: ["Product"],
    required: ["name", ["review", "aggregateRating", "offers"]],
    recommended: ["image", "description", "brand", "sku", "offers.price", "offers.priceCurrency", "offers.availability", "aggregateRating", "review"],
  },
  {
    feature: "Merchant listing",
    types: ["Product"],
    required: ["name", "image", "offers", ["offers.price", "offers.priceSpecification.price"], ["offers.priceCurrency", "offers.priceSpecification.priceCurrency"]],
    recommended: ["description", "brand", ["gtin", "mpn", "sku"].join(" or "), "offers.availability", "offers.itemCondition", "offers.shippingDetails", "offers.hasMerchantReturnPolicy"],
  },
  {
    feature: "Review snippet",
    types: ["Review"],
    required: ["author", "itemReviewed", "reviewRating", "reviewRating.ratingValue"],
    recommended: ["datePublished", "reviewRating.bestRating", "reviewRating.worstRating"],
  },
  {
    feature: "Review snippet (aggregate rating)",
    types: ["AggregateRating"],
    required: ["itemReviewed", "ratingValue", ["ratingCount", "reviewCount"]],
    recommended: ["bestRating", "worstRating"],
  },
  {
    feature: "FAQ",
    types: ["FAQPage"],
    required: ["mainEntity", "mainEntity.name", "mainEntity.acceptedAnswer", "mainEntity.acceptedAnswer.text"],
    recommended: [],
    note: "Since August 2023 Google shows FAQ rich results only for well-known government and health sites; the markup still helps other search and answer engines.",
  },
  {
    feature: "Breadcrumb",
    types: ["BreadcrumbList"],
    required: ["itemListElement", "itemListElement.position", ["itemListElement.name", "itemListElement.item.name"]],
    recommended: ["itemListElement.item"],
  },
  {
    feature: "Organization logo",
    types: ["Organization"],
    required: ["logo", "url"],
    recommended: ["name", "sameAs", "description", "address", "contactPoint", "telephone"],
  },
  {
    feature: "Local business",
    types: ["LocalBusiness"],
    required: ["name", "address"],
    recommended: ["url", "telephone", "image", "geo", "openingHoursSpecification", "priceRange", "aggregateRating", "review"],
  },
  {
    feature: "Event",
    types: ["Event"],
    required: ["name", "startDate", "location"],
    recommended: ["description", "endDate", "eventAttendanceMode", "eventStatus", "image", "offers", "organizer", "performer"],
  },
  {
    feature: "Recipe",
    types: ["Recipe"],
    required: ["name", "image"],
    recommended: [
      "author",
      "datePublished",
      "description",
      "prepTime",
      "cookTime",
      "totalTime",
      "keywords",
      "recipeYield",
      "recipeCategory",
      "recipeCuisine",
      "recipeIngredient",
      "recipeInstructions",
      "nutrition.calories",
      "aggregateRating",
      "video",
    ],
  },
  {
    feature: "Video",
    types: ["VideoObject"],
    required: ["name", "thumbnailUrl", "uploadDate"],
    recommended: ["description", "contentUrl", "embedUrl", "duration", "expires", "interactionStatistic"],
  },
  {
    feature: "Job posting",
    types: ["JobPosting"],
    required: ["title", "description", "datePosted", "hiringOrganization", ["jobLocation", "applicantLocationRequirements"]],
    recommended: ["validThrough", "employmentType", "baseSalary", "identifier", "jobLocationType", "directApply"],
  },
  {
    feature: "Software app",
    types: ["SoftwareApplication"],
    required: ["name", "offers.price", ["aggregateRating", "review"]],
    recommended: ["applicationCategory", "operatingSystem"],
  },
];
