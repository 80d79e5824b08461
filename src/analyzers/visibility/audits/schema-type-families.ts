/**
 * The schema.org types that fit each kind of page. schema.org is a type hierarchy and sightline carries
 * no copy of the vocabulary, so each family lists the type and the subtypes sites actually use; an
 * unlisted subtype (say a rare LocalBusiness) is still recognised on the homepage by its properties.
 */

/** Who runs the site: an organisation (with the local-business subtypes sites use most) or a person. */
export const ORGANIZATION_TYPES: readonly string[] = [
  "Organization", "Corporation", "LocalBusiness", "NGO", "EducationalOrganization", "GovernmentOrganization", "NewsMediaOrganization",
  "OnlineBusiness", "OnlineStore", "Store", "Restaurant", "MedicalOrganization", "SportsOrganization", "Person",
  "ProfessionalService", "LegalService", "Attorney", "Notary", "AccountingService", "FinancialService", "InsuranceAgency", "RealEstateAgent",
  "FoodEstablishment", "Bakery", "BarOrPub", "CafeOrCoffeeShop", "FastFoodRestaurant", "Brewery", "Winery", "IceCreamShop",
  "LodgingBusiness", "Hotel", "Hostel", "BedAndBreakfast", "Campground", "Resort", "HealthAndBeautyBusiness", "BeautySalon", "HairSalon", "DaySpa", "NailSalon",
  "HealthClub", "MedicalBusiness", "Dentist", "Physician", "Pharmacy", "Optician", "MedicalClinic", "Hospital", "VeterinaryCare",
  "HomeAndConstructionBusiness", "Electrician", "Plumber", "GeneralContractor", "HVACBusiness", "HousePainter", "Locksmith", "RoofingContractor", "MovingCompany",
  "AutomotiveBusiness", "AutoRepair", "AutoDealer", "TravelAgency", "EmploymentAgency", "ChildCare", "DryCleaningOrLaundry", "EntertainmentBusiness",
  "SportsActivityLocation", "ClothingStore", "BookStore", "ElectronicsStore", "FurnitureStore", "GroceryStore", "HardwareStore", "JewelryStore", "PetStore",
  "Florist", "SelfStorage", "ShoppingCenter", "Library", "School", "CollegeOrUniversity", "Preschool", "MusicGroup", "PerformingGroup", "SportsTeam",
  "Airline", "Consortium", "FundingScheme", "ResearchOrganization", "WorkersUnion", "PoliticalParty", "Project",
];

/** The site and its pages as such. */
export const WEB_PAGE_TYPES: readonly string[] = ["WebSite", "WebPage", "CollectionPage", "ProfilePage", "ItemPage", "SearchResultsPage", "AboutPage", "ContactPage"];

export const ARTICLE_TYPES: readonly string[] = [
  "Article", "BlogPosting", "NewsArticle", "TechArticle", "ScholarlyArticle", "MedicalScholarlyArticle", "Report", "SocialMediaPosting", "LiveBlogPosting",
  "DiscussionForumPosting", "AnalysisNewsArticle", "OpinionNewsArticle", "ReportageNewsArticle", "ReviewNewsArticle", "BackgroundNewsArticle",
  "AskPublicNewsArticle", "SatiricalArticle", "AdvertiserContentArticle", "APIReference",
];

/**
 * Types that name a page's main subject more precisely than Article: a recipe or an event page reads like
 * an article, and its own type serves assistants better, so it fits too.
 */
export const SPECIFIC_CONTENT_TYPES: readonly string[] = [
  "Recipe", "HowTo", "Course", "Event", "JobPosting", "Review", "CriticReview", "VideoObject", "PodcastEpisode", "Book", "Dataset", "SoftwareApplication",
  "Guide", "Legislation", "Movie", "MusicAlbum", "Question", "QAPage", "FAQPage",
];

export const FAQ_TYPES: readonly string[] = ["FAQPage", "QAPage"];

export const PRODUCT_TYPES: readonly string[] = ["Product", "ProductGroup", "IndividualProduct", "ProductModel", "SomeProducts", "Vehicle", "Car", "Motorcycle", "SoftwareApplication", "MobileApplication", "WebApplication", "Book"];

export const CONTACT_TYPES: readonly string[] = ["ContactPage"];

export const ABOUT_TYPES: readonly string[] = ["AboutPage", "ProfilePage"];

/** "https://schema.org/Article", "schema:Article" and "Article" are the same type. */
export function typeName(type: string): string {
  return type.replace(/^(?:https?:\/\/schema\.org\/|schema:)/i, "").trim();
}

/**
 * A node that describes a place of business (a name and an address, telephone, opening hours or
 * location) is an organisation, whatever subtype it names: there are hundreds of LocalBusiness subtypes.
 */
export function describesBusiness(node: Record<string, unknown>): boolean {
  return typeof node.name === "string" && ["address", "telephone", "openingHours", "openingHoursSpecification", "geo"].some((key) => node[key] !== undefined);
}
