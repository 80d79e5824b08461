import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** Datasets appear in Google Dataset Search: a name and a description of 50 to 5,000 characters. */
export const DATASET: FeatureRule = {
  id: "dataset",
  feature: "Dataset",
  types: ["Dataset"],
  documentation: `${GOOGLE_DOCS}/dataset`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    "name",
    "description",
    {
      holds: "descriptionOf50To5000Characters",
      property: "description",
      label: "50 to 5,000 characters",
      advice: "Write a `description` of 50 to 5,000 characters that says what the dataset holds.",
    },
  ],
  recommended: [
    "alternateName",
    "creator",
    "citation",
    "funder",
    "hasPart",
    "isPartOf",
    "identifier",
    "isAccessibleForFree",
    "keywords",
    "license",
    "measurementTechnique",
    "sameAs",
    "spatialCoverage",
    "temporalCoverage",
    "variableMeasured",
    "version",
    "url",
    { property: "distribution", each: { required: ["contentUrl", "encodingFormat"] }, advice: "a DataDownload with the file's contentUrl and encodingFormat" },
    "includedInDataCatalog",
  ],
  note: "Datasets are shown in Google Dataset Search rather than as a rich result on the web results page.",
};
