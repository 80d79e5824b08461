import { ARTICLE } from "./rules/article.ts";
import { BREADCRUMB } from "./rules/breadcrumb.ts";
import { CAROUSEL } from "./rules/carousel.ts";
import { COURSE_INFO } from "./rules/course-info.ts";
import { COURSE_LIST } from "./rules/course-list.ts";
import { DATASET } from "./rules/dataset.ts";
import { DISCUSSION_FORUM } from "./rules/discussion-forum.ts";
import { EDUCATION_QA } from "./rules/education-qa.ts";
import { EMPLOYER_RATING } from "./rules/employer-rating.ts";
import { ESTIMATED_SALARY } from "./rules/estimated-salary.ts";
import { EVENT } from "./rules/event.ts";
import { FACT_CHECK } from "./rules/fact-check.ts";
import { FAQ } from "./rules/faq.ts";
import { HOW_TO } from "./rules/how-to.ts";
import { IMAGE_METADATA } from "./rules/image-metadata.ts";
import { JOB_POSTING } from "./rules/job-posting.ts";
import { LEARNING_VIDEO } from "./rules/learning-video.ts";
import { LOCAL_BUSINESS } from "./rules/local-business.ts";
import { LOYALTY_PROGRAM } from "./rules/loyalty-program.ts";
import { MATH_SOLVER } from "./rules/math-solver.ts";
import { MERCHANT_LISTING } from "./rules/merchant-listing.ts";
import { MOVIE_CAROUSEL } from "./rules/movie-carousel.ts";
import { ORGANIZATION_LOGO } from "./rules/organization-logo.ts";
import { PAYWALLED_CONTENT } from "./rules/paywalled-content.ts";
import { PRACTICE_PROBLEM } from "./rules/practice-problem.ts";
import { PRODUCT_SNIPPET } from "./rules/product-snippet.ts";
import { PRODUCT_VARIANTS } from "./rules/product-variants.ts";
import { PROFILE_PAGE } from "./rules/profile-page.ts";
import { QA_PAGE } from "./rules/qa-page.ts";
import { RECIPE } from "./rules/recipe.ts";
import { RETURN_POLICY } from "./rules/return-policy.ts";
import { AGGREGATE_RATING_SNIPPET, REVIEW_SNIPPET } from "./rules/review-snippet.ts";
import { SHIPPING_POLICY } from "./rules/shipping-policy.ts";
import { SITELINKS_SEARCH_BOX } from "./rules/sitelinks-search-box.ts";
import { SOFTWARE_APP } from "./rules/software-app.ts";
import { SPECIAL_ANNOUNCEMENT } from "./rules/special-announcement.ts";
import { SPEAKABLE } from "./rules/speakable.ts";
import { VACATION_RENTAL } from "./rules/vacation-rental.ts";
import { VEHICLE_LISTING } from "./rules/vehicle-listing.ts";
import { VIDEO } from "./rules/video.ts";
import type { FeatureRule } from "./rule-types.ts";

/**
 * Every feature of Google's structured-data search gallery that schema.org markup on a page can
 * trigger, one rule file each under rules/, in the order the report lists them. Features fed only by
 * partner feeds (Book actions) and the EEA-only carousels beta are not page markup rules.
 */
export const RICH_RESULT_RULES: readonly FeatureRule[] = [
  ARTICLE,
  BREADCRUMB,
  CAROUSEL,
  COURSE_LIST,
  DATASET,
  DISCUSSION_FORUM,
  EDUCATION_QA,
  EMPLOYER_RATING,
  EVENT,
  FAQ,
  IMAGE_METADATA,
  JOB_POSTING,
  LOCAL_BUSINESS,
  LOYALTY_PROGRAM,
  MATH_SOLVER,
  MOVIE_CAROUSEL,
  ORGANIZATION_LOGO,
  RETURN_POLICY,
  SHIPPING_POLICY,
  PAYWALLED_CONTENT,
  PRODUCT_SNIPPET,
  MERCHANT_LISTING,
  PRODUCT_VARIANTS,
  PROFILE_PAGE,
  QA_PAGE,
  RECIPE,
  REVIEW_SNIPPET,
  AGGREGATE_RATING_SNIPPET,
  SOFTWARE_APP,
  SPEAKABLE,
  VACATION_RENTAL,
  VIDEO,
  COURSE_INFO,
  ESTIMATED_SALARY,
  FACT_CHECK,
  HOW_TO,
  LEARNING_VIDEO,
  PRACTICE_PROBLEM,
  SITELINKS_SEARCH_BOX,
  SPECIAL_ANNOUNCEMENT,
  VEHICLE_LISTING,
];
