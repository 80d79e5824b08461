import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";
import { POSTAL_ADDRESS } from "./nested/places.ts";

/** A job offer in Google's job search: title, description, dates, employer and where the job is. */
export const JOB_POSTING: FeatureRule = {
  id: "job-posting",
  feature: "Job posting",
  types: ["JobPosting"],
  documentation: `${GOOGLE_DOCS}/job-posting`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "title",
    { property: "description", advice: "the full job description in HTML" },
    "datePosted",
    { property: "hiringOrganization", each: { required: ["name"], recommended: ["sameAs", "logo"] }, advice: "the Organization that hires" },
    {
      anyOf: [
        { property: "jobLocation", each: { required: [{ property: "address", each: { required: ["addressCountry"], recommended: POSTAL_ADDRESS.recommended } }] } },
        "applicantLocationRequirements",
      ],
      advice: "the Place of the job with its address, or for a fully remote job the countries applicants may live in",
    },
  ],
  recommended: [
    "applicantLocationRequirements",
    { property: "baseSalary", each: { recommended: ["currency", "value"] } },
    "directApply",
    "employmentType",
    "identifier",
    "jobLocationType",
    "validThrough",
  ],
  note: "Google's job search is available in the countries its documentation lists; remote jobs also need jobLocationType TELECOMMUTE.",
};
