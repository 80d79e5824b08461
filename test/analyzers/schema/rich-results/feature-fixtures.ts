/**
 * One complete item per Google feature rule, and for each rule it holds (each required property and
 * each nested rule) a copy that breaks exactly that rule, with the entry expected in `missingRequired`.
 * rules.test.ts checks that every rule has its fixtures, so a new rule file comes with its own.
 */

type Node = Record<string, unknown>;

export interface FeatureFixture {
  /** Meets every required rule: verdict `eligible` (or `limited`). */
  eligible: Node;
  /** Rule broken → the item that breaks it and the `missingRequired` entry expected. */
  ineligible: Record<string, { node: Node; missing: string }>;
}

export interface RetiredFixture {
  /** Any item the retired rule applies to: verdict `deprecated`, whatever it holds. */
  deprecated: Node;
}

/** A copy of `node` with `changes` applied; a change to `undefined` removes the property. */
function without(node: Node, ...properties: string[]): Node {
  return Object.fromEntries(Object.entries(node).filter(([key]) => !properties.includes(key)));
}

function withChanges(node: Node, changes: Node): Node {
  return { ...node, ...changes };
}

const PERSON = { "@type": "Person", name: "Jane Doe", url: "https://example.com/jane" };
const ADDRESS = { "@type": "PostalAddress", streetAddress: "1 Main St", addressLocality: "Springfield", postalCode: "12345", addressCountry: "US" };
const OFFER = { "@type": "Offer", price: "19.99", priceCurrency: "EUR", availability: "https://schema.org/InStock" };

const PRODUCT: Node = { "@type": "Product", name: "Lamp", image: "https://example.com/lamp.jpg", offers: OFFER };

const BREADCRUMB: Node = {
  "@type": "BreadcrumbList",
  itemListElement: [
    { "@type": "ListItem", position: 1, name: "Home", item: "https://example.com/" },
    { "@type": "ListItem", position: 2, name: "Lamps", item: "https://example.com/lamps" },
    { "@type": "ListItem", position: 3, name: "Desk lamp" },
  ],
};

const EVENT: Node = {
  "@type": "Event",
  name: "Jazz night",
  startDate: "2026-12-01T20:00:00+01:00",
  location: { "@type": "Place", name: "Blue Note", address: ADDRESS },
};

const DATASET: Node = { "@type": "Dataset", name: "River levels", description: "Daily water levels of the river measured at twelve gauges since 1990." };

export const FEATURE_FIXTURES: Record<string, FeatureFixture> = {
  article: {
    eligible: { "@type": "NewsArticle", headline: "Rain again" },
    ineligible: {},
  },
  breadcrumb: {
    eligible: BREADCRUMB,
    ineligible: {
      itemListElement: { node: { "@type": "BreadcrumbList" }, missing: "itemListElement" },
      atLeastTwoListItems: {
        node: { "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Home", item: "https://example.com/" }] },
        missing: "itemListElement: at least two ListItems",
      },
      itemOnEveryListItemButLast: {
        node: { "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: "Home" }, { "@type": "ListItem", position: 2, name: "Lamps" }] },
        missing: "itemListElement: `item` on every ListItem but the last",
      },
      "ListItem.position": {
        node: { "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", name: "Home", item: "https://example.com/" }, { "@type": "ListItem", position: 2, name: "Lamps" }] },
        missing: "itemListElement.position",
      },
      "ListItem.name": {
        node: { "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, item: "https://example.com/" }, { "@type": "ListItem", position: 2, name: "Lamps" }] },
        missing: "itemListElement.name or itemListElement.item",
      },
    },
  },
  carousel: {
    eligible: { "@type": "ItemList", itemListElement: [{ "@type": "ListItem", position: 1, item: { "@type": "Recipe", name: "Soup", image: "https://example.com/soup.jpg" } }] },
    ineligible: {
      "ListItem.position": { node: { "@type": "ItemList", itemListElement: [{ "@type": "ListItem", item: { "@type": "Movie", name: "Up" } }] }, missing: "itemListElement.position" },
    },
  },
  "course-list": {
    eligible: { "@type": "Course", name: "Intro to Rust", description: "Ownership, borrowing and lifetimes in six weeks." },
    ineligible: {
      name: { node: { "@type": "Course", description: "Ownership and borrowing." }, missing: "name" },
      description: { node: { "@type": "Course", name: "Intro to Rust" }, missing: "description" },
    },
  },
  dataset: {
    eligible: DATASET,
    ineligible: {
      name: { node: without(DATASET, "name"), missing: "name" },
      description: { node: without(DATASET, "description"), missing: "description" },
      descriptionOf50To5000Characters: { node: withChanges(DATASET, { description: "Water levels." }), missing: "description: 50 to 5,000 characters" },
    },
  },
  "discussion-forum": {
    eligible: { "@type": "DiscussionForumPosting", author: PERSON, datePublished: "2026-10-01T10:00:00Z", text: "Which lamp for a desk?" },
    ineligible: {
      author: { node: { "@type": "DiscussionForumPosting", datePublished: "2026-10-01", text: "Hi" }, missing: "author" },
      "author.name": { node: { "@type": "DiscussionForumPosting", author: { "@type": "Person" }, datePublished: "2026-10-01", text: "Hi" }, missing: "author.name" },
      datePublished: { node: { "@type": "DiscussionForumPosting", author: PERSON, text: "Hi" }, missing: "datePublished" },
      body: { node: { "@type": "DiscussionForumPosting", author: PERSON, datePublished: "2026-10-01" }, missing: "text or image or video" },
    },
  },
  "education-qa": {
    eligible: { "@type": "Quiz", hasPart: [{ "@type": "Question", eduQuestionType: "Flashcard", text: "2 + 2?", acceptedAnswer: { "@type": "Answer", text: "4" } }] },
    ineligible: {
      "Question.text": { node: { "@type": "Quiz", hasPart: [{ "@type": "Question", eduQuestionType: "Flashcard", acceptedAnswer: { "@type": "Answer", text: "4" } }] }, missing: "hasPart.text" },
      "Question.acceptedAnswer.text": { node: { "@type": "Quiz", hasPart: [{ "@type": "Question", eduQuestionType: "Flashcard", text: "2 + 2?", acceptedAnswer: { "@type": "Answer" } }] }, missing: "hasPart.acceptedAnswer.text" },
    },
  },
  "employer-rating": {
    eligible: { "@type": "EmployerAggregateRating", itemReviewed: { "@type": "Organization", name: "Acme" }, ratingValue: 4.2, ratingCount: 120 },
    ineligible: {
      itemReviewed: { node: { "@type": "EmployerAggregateRating", ratingValue: 4.2, ratingCount: 120 }, missing: "itemReviewed" },
      "itemReviewed.name": { node: { "@type": "EmployerAggregateRating", itemReviewed: { "@type": "Organization" }, ratingValue: 4.2, ratingCount: 120 }, missing: "itemReviewed.name" },
      count: { node: { "@type": "EmployerAggregateRating", itemReviewed: { "@type": "Organization", name: "Acme" }, ratingValue: 4.2 }, missing: "ratingCount or reviewCount" },
    },
  },
  event: {
    eligible: EVENT,
    ineligible: {
      startDate: { node: without(EVENT, "startDate"), missing: "startDate" },
      location: { node: without(EVENT, "location"), missing: "location" },
      "location.address": { node: withChanges(EVENT, { location: { "@type": "Place", name: "Blue Note" } }), missing: "location.address" },
      notOnlineOnly: { node: withChanges(EVENT, { location: { "@type": "VirtualLocation", url: "https://stream.example.com" } }), missing: "location: a physical location" },
      "notOnlineOnly (attendance mode)": { node: withChanges(EVENT, { eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode" }), missing: "location: a physical location" },
    },
  },
  "image-metadata": {
    eligible: { "@type": "ImageObject", contentUrl: "https://example.com/photo.jpg", license: "https://example.com/license" },
    ineligible: {
      contentUrl: { node: { "@type": "ImageObject", license: "https://example.com/license" }, missing: "contentUrl" },
      rights: { node: { "@type": "ImageObject", contentUrl: "https://example.com/photo.jpg" }, missing: "creator or creditText or copyrightNotice or license" },
    },
  },
  "job-posting": {
    eligible: {
      "@type": "JobPosting",
      title: "Baker",
      description: "<p>Bake bread.</p>",
      datePosted: "2026-11-01",
      hiringOrganization: { "@type": "Organization", name: "Acme Bakery" },
      jobLocation: { "@type": "Place", address: ADDRESS },
    },
    ineligible: {
      title: { node: { "@type": "JobPosting", description: "x", datePosted: "2026-11-01", hiringOrganization: { name: "A" }, jobLocation: { address: ADDRESS } }, missing: "title" },
      "hiringOrganization.name": {
        node: { "@type": "JobPosting", title: "Baker", description: "x", datePosted: "2026-11-01", hiringOrganization: { "@type": "Organization", url: "https://a.example" }, jobLocation: { address: ADDRESS } },
        missing: "hiringOrganization.name",
      },
      "jobLocation.address.addressCountry": {
        node: { "@type": "JobPosting", title: "Baker", description: "x", datePosted: "2026-11-01", hiringOrganization: { name: "A" }, jobLocation: { "@type": "Place", address: { "@type": "PostalAddress", addressLocality: "Springfield" } } },
        missing: "jobLocation.address.addressCountry",
      },
      location: { node: { "@type": "JobPosting", title: "Baker", description: "x", datePosted: "2026-11-01", hiringOrganization: { name: "A" } }, missing: "jobLocation or applicantLocationRequirements" },
    },
  },
  "local-business": {
    eligible: { "@type": "Restaurant", name: "Bistro", address: ADDRESS },
    ineligible: {
      name: { node: { "@type": "Restaurant", address: ADDRESS }, missing: "name" },
      address: { node: { "@type": "Restaurant", name: "Bistro" }, missing: "address" },
    },
  },
  "loyalty-program": {
    eligible: {
      "@type": "Organization",
      name: "Acme",
      hasMemberProgram: { "@type": "MemberProgram", name: "Acme Club", description: "Points on every order", hasTiers: { "@type": "MemberProgramTier", name: "Gold", hasTierBenefit: "https://schema.org/TierBenefitLoyaltyPoints" } },
    },
    ineligible: {
      "MemberProgram.hasTiers": { node: { "@type": "Organization", hasMemberProgram: { "@type": "MemberProgram", name: "Acme Club", description: "Points" } }, missing: "hasMemberProgram.hasTiers" },
      "MemberProgramTier.hasTierBenefit": {
        node: { "@type": "Organization", hasMemberProgram: { "@type": "MemberProgram", name: "Acme Club", description: "Points", hasTiers: { "@type": "MemberProgramTier", name: "Gold" } } },
        missing: "hasMemberProgram.hasTiers.hasTierBenefit",
      },
    },
  },
  "math-solver": {
    eligible: {
      "@type": ["MathSolver", "LearningResource"],
      url: "https://solver.example.com",
      usageInfo: "https://solver.example.com/terms",
      potentialAction: { "@type": "SolveMathAction", target: "https://solver.example.com/solve?q={math_expression_string}", "mathExpression-input": "required name=math_expression_string" },
    },
    ineligible: {
      typedAlsoLearningResource: {
        node: { "@type": "MathSolver", url: "https://s.example", usageInfo: "https://s.example/t", potentialAction: { "@type": "SolveMathAction", target: "https://s.example/{math_expression_string}", "mathExpression-input": "x" } },
        missing: "@type: typed MathSolver and LearningResource",
      },
      "potentialAction.target": {
        node: { "@type": ["MathSolver", "LearningResource"], url: "https://s.example", usageInfo: "https://s.example/t", potentialAction: { "@type": "SolveMathAction", "mathExpression-input": "x" } },
        missing: "potentialAction.target",
      },
    },
  },
  "merchant-listing": {
    eligible: PRODUCT,
    ineligible: {
      image: { node: without(PRODUCT, "image"), missing: "image" },
      "Offer.price": { node: withChanges(PRODUCT, { offers: { "@type": "Offer", priceCurrency: "EUR" } }), missing: "offers.price or offers.priceSpecification" },
      "Offer.priceCurrency": { node: withChanges(PRODUCT, { offers: { "@type": "Offer", price: "19.99" } }), missing: "offers.priceCurrency or offers.priceSpecification" },
      isNotAggregateOffer: {
        node: withChanges(PRODUCT, { offers: { "@type": "AggregateOffer", lowPrice: "10", priceCurrency: "EUR" } }),
        missing: "offers: an Offer, not an AggregateOffer",
      },
    },
  },
  "movie-carousel": {
    eligible: { "@type": "Movie", name: "Up", image: "https://example.com/up.jpg" },
    ineligible: { image: { node: { "@type": "Movie", name: "Up" }, missing: "image" } },
  },
  "organization-logo": {
    eligible: { "@type": "Organization", logo: "https://example.com/logo.png", url: "https://example.com/" },
    ineligible: {
      logo: { node: { "@type": "Organization", url: "https://example.com/" }, missing: "logo" },
      url: { node: { "@type": "Organization", logo: "https://example.com/logo.png" }, missing: "url" },
    },
  },
  "return-policy": {
    eligible: {
      "@type": "OnlineStore",
      hasMerchantReturnPolicy: {
        "@type": "MerchantReturnPolicy",
        applicableCountry: "DE",
        returnPolicyCountry: "DE",
        returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow",
        merchantReturnDays: 30,
      },
    },
    ineligible: {
      applicableCountry: {
        node: { "@type": "Organization", hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy", returnPolicyCountry: "DE", returnPolicyCategory: "https://schema.org/MerchantReturnNotPermitted" } },
        missing: "hasMerchantReturnPolicy.applicableCountry",
      },
      returnDaysForFiniteWindow: {
        node: {
          "@type": "Organization",
          hasMerchantReturnPolicy: { "@type": "MerchantReturnPolicy", applicableCountry: "DE", returnPolicyCountry: "DE", returnPolicyCategory: "MerchantReturnFiniteReturnWindow" },
        },
        missing: "hasMerchantReturnPolicy.merchantReturnDays: days of a finite return window",
      },
    },
  },
  "shipping-policy": {
    eligible: {
      "@type": "Organization",
      hasShippingService: { "@type": "ShippingService", shippingConditions: { "@type": "ShippingConditions", shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" }, shippingRate: { "@type": "MonetaryAmount", value: 0, currency: "USD" } } },
    },
    ineligible: {
      shippingConditions: { node: { "@type": "Organization", hasShippingService: { "@type": "ShippingService", name: "Standard" } }, missing: "hasShippingService.shippingConditions" },
      rate: {
        node: { "@type": "Organization", hasShippingService: { "@type": "ShippingService", shippingConditions: { "@type": "ShippingConditions", shippingDestination: { "@type": "DefinedRegion", addressCountry: "US" } } } },
        missing: "hasShippingService.shippingConditions.shippingRate or hasShippingService.shippingConditions.doesNotShip",
      },
    },
  },
  "paywalled-content": {
    eligible: { "@type": "NewsArticle", headline: "Scoop", isAccessibleForFree: false, hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".paywall" } },
    ineligible: {
      hasPart: { node: { "@type": "NewsArticle", isAccessibleForFree: "False" }, missing: "hasPart" },
      "hasPart.cssSelector": { node: { "@type": "NewsArticle", isAccessibleForFree: false, hasPart: { "@type": "WebPageElement", isAccessibleForFree: false } }, missing: "hasPart.cssSelector" },
    },
  },
  "product-snippet": {
    eligible: { "@type": "Product", name: "Lamp", aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5, reviewCount: 10 } },
    ineligible: {
      name: { node: { "@type": "Product", offers: OFFER }, missing: "name" },
      "review or aggregateRating or offers": { node: { "@type": "Product", name: "Lamp" }, missing: "review or aggregateRating or offers" },
      "Offer.price": { node: { "@type": "Product", name: "Lamp", offers: { "@type": "Offer", priceCurrency: "EUR" } }, missing: "offers.price or offers.priceSpecification" },
      "AggregateOffer.lowPrice": { node: { "@type": "Product", name: "Lamp", offers: { "@type": "AggregateOffer", priceCurrency: "EUR", highPrice: "30" } }, missing: "offers.lowPrice" },
      "AggregateOffer.priceCurrency": { node: { "@type": "Product", name: "Lamp", offers: { "@type": "AggregateOffer", lowPrice: "10" } }, missing: "offers.priceCurrency" },
      "Review.author": { node: { "@type": "Product", name: "Lamp", review: { "@type": "Review", reviewRating: { "@type": "Rating", ratingValue: 5 } } }, missing: "review.author" },
      "AggregateRating.count": { node: { "@type": "Product", name: "Lamp", aggregateRating: { "@type": "AggregateRating", ratingValue: 4.5 } }, missing: "aggregateRating.ratingCount or aggregateRating.reviewCount" },
    },
  },
  "product-variants": {
    eligible: { "@type": "ProductGroup", name: "Shirt", productGroupID: "SH1", hasVariant: [{ "@type": "Product", name: "Shirt S", offers: OFFER }] },
    ineligible: {
      productGroupID: { node: { "@type": "ProductGroup", name: "Shirt", hasVariant: { "@type": "Product", name: "Shirt S", offers: OFFER } }, missing: "productGroupID" },
      "hasVariant.offers": { node: { "@type": "ProductGroup", name: "Shirt", productGroupID: "SH1", hasVariant: { "@type": "Product", name: "Shirt S" } }, missing: "hasVariant.offers" },
    },
  },
  "profile-page": {
    eligible: { "@type": "ProfilePage", mainEntity: { "@type": "Person", name: "Jane Doe" } },
    ineligible: {
      mainEntity: { node: { "@type": "ProfilePage", dateCreated: "2020-01-01" }, missing: "mainEntity" },
      "mainEntity.name": { node: { "@type": "ProfilePage", mainEntity: { "@type": "Person", image: "https://example.com/jane.jpg" } }, missing: "mainEntity.name or mainEntity.alternateName" },
    },
  },
  "qa-page": {
    eligible: { "@type": "QAPage", mainEntity: { "@type": "Question", name: "Why?", answerCount: 1, acceptedAnswer: { "@type": "Answer", text: "Because." } } },
    ineligible: {
      answerCount: { node: { "@type": "QAPage", mainEntity: { "@type": "Question", name: "Why?", acceptedAnswer: { "@type": "Answer", text: "Because." } } }, missing: "mainEntity.answerCount" },
      answers: { node: { "@type": "QAPage", mainEntity: { "@type": "Question", name: "Why?", answerCount: 0 } }, missing: "mainEntity.acceptedAnswer or mainEntity.suggestedAnswer" },
      "Answer.text": { node: { "@type": "QAPage", mainEntity: { "@type": "Question", name: "Why?", answerCount: 1, suggestedAnswer: { "@type": "Answer", upvoteCount: 2 } } }, missing: "mainEntity.suggestedAnswer.text" },
    },
  },
  recipe: {
    eligible: { "@type": "Recipe", name: "Soup", image: "https://example.com/soup.jpg" },
    ineligible: { image: { node: { "@type": "Recipe", name: "Soup" }, missing: "image" } },
  },
  "review-snippet": {
    eligible: { "@type": "Review", author: PERSON, itemReviewed: { "@type": "Book", name: "Dune" }, reviewRating: { "@type": "Rating", ratingValue: 5 } },
    ineligible: {
      "author.name": { node: { "@type": "Review", author: { "@type": "Person" }, itemReviewed: { "@type": "Book", name: "Dune" }, reviewRating: { "@type": "Rating", ratingValue: 5 } }, missing: "author.name" },
      "reviewRating.ratingValue": { node: { "@type": "Review", author: PERSON, itemReviewed: { "@type": "Book", name: "Dune" }, reviewRating: { "@type": "Rating", bestRating: 5 } }, missing: "reviewRating.ratingValue" },
      "itemReviewed.name": { node: { "@type": "Review", author: PERSON, itemReviewed: { "@type": "Book" }, reviewRating: { "@type": "Rating", ratingValue: 5 } }, missing: "itemReviewed.name" },
    },
  },
  "review-snippet-aggregate": {
    eligible: { "@type": "AggregateRating", itemReviewed: { "@type": "Book", name: "Dune" }, ratingValue: 4.4, ratingCount: 900 },
    ineligible: {
      itemReviewed: { node: { "@type": "AggregateRating", ratingValue: 4.4, ratingCount: 900 }, missing: "itemReviewed" },
      count: { node: { "@type": "AggregateRating", itemReviewed: { "@type": "Book", name: "Dune" }, ratingValue: 4.4 }, missing: "ratingCount or reviewCount" },
    },
  },
  "software-app": {
    eligible: { "@type": "MobileApplication", name: "Notes", offers: { "@type": "Offer", price: 0 }, aggregateRating: { "@type": "AggregateRating", ratingValue: 4, ratingCount: 3 } },
    ineligible: {
      "offers.price": { node: { "@type": "SoftwareApplication", name: "Notes", offers: { "@type": "Offer", priceCurrency: "USD" }, review: { "@type": "Review" } }, missing: "offers.price" },
      rating: { node: { "@type": "SoftwareApplication", name: "Notes", offers: { "@type": "Offer", price: 0 } }, missing: "aggregateRating or review" },
    },
  },
  speakable: {
    eligible: { "@type": "WebPage", speakable: { "@type": "SpeakableSpecification", cssSelector: [".headline", ".summary"] } },
    ineligible: { selector: { node: { "@type": "WebPage", speakable: { "@type": "SpeakableSpecification", name: "x" } }, missing: "speakable.cssSelector or speakable.xpath" } },
  },
  "vacation-rental": {
    eligible: {
      "@type": "VacationRental",
      name: "Lake house",
      identifier: "LH-1",
      latitude: 46.1,
      longitude: 7.2,
      image: Array.from({ length: 8 }, (_, index) => `https://example.com/lake-${index}.jpg`),
      containsPlace: { "@type": "Accommodation", occupancy: { "@type": "QuantitativeValue", value: 4 } },
    },
    ineligible: {
      atLeastEightImages: {
        node: { "@type": "VacationRental", name: "Lake house", identifier: "LH-1", latitude: 46.1, longitude: 7.2, image: "https://example.com/lake.jpg", containsPlace: { occupancy: { value: 4 } } },
        missing: "image: at least eight images",
      },
      "containsPlace.occupancy.value": {
        node: {
          "@type": "VacationRental",
          name: "Lake house",
          identifier: "LH-1",
          latitude: 46.1,
          longitude: 7.2,
          image: Array.from({ length: 8 }, (_, index) => `https://example.com/lake-${index}.jpg`),
          containsPlace: { "@type": "Accommodation", occupancy: { "@type": "QuantitativeValue", maxValue: 4 } },
        },
        missing: "containsPlace.occupancy.value",
      },
    },
  },
  video: {
    eligible: { "@type": "VideoObject", name: "Lacing", thumbnailUrl: "https://example.com/t.jpg", uploadDate: "2026-01-01T10:00:00Z" },
    ineligible: { uploadDate: { node: { "@type": "VideoObject", name: "Lacing", thumbnailUrl: "https://example.com/t.jpg" }, missing: "uploadDate" } },
  },
};

export const RETIRED_FIXTURES: Record<string, RetiredFixture> = {
  faq: { deprecated: { "@type": "FAQPage", mainEntity: [{ "@type": "Question", name: "Open on Sundays?", acceptedAnswer: { "@type": "Answer", text: "Yes." } }] } },
  "how-to": { deprecated: { "@type": "HowTo", name: "Lace a shoe", step: [{ "@type": "HowToStep", text: "Pull." }] } },
  "fact-check": { deprecated: { "@type": "ClaimReview", claimReviewed: "The moon is cheese", reviewRating: { "@type": "Rating", ratingValue: 1 } } },
  "course-info": { deprecated: { "@type": "Course", name: "Intro to Rust", description: "Ownership." } },
  "estimated-salary": { deprecated: { "@type": "Occupation", name: "Baker" } },
  "learning-video": { deprecated: { "@type": "VideoObject", name: "Fractions", learningResourceType: "Concept overview" } },
  "special-announcement": { deprecated: { "@type": "SpecialAnnouncement", name: "Closed", text: "Closed today." } },
  "vehicle-listing": { deprecated: { "@type": "Car", name: "Roadster", offers: OFFER } },
  "practice-problem": { deprecated: { "@type": "Quiz", hasPart: { "@type": "Question", eduQuestionType: "Multiple choice", text: "2 + 2?" } } },
  "sitelinks-search-box": { deprecated: { "@type": "WebSite", url: "https://example.com/", potentialAction: { "@type": "SearchAction", target: "https://example.com/?q={q}" } } },
};
