/**
 * The little the structured-data benchmark uses of Adobe's validator and the extractor its README pairs
 * it with; both packages ship JavaScript without type declarations.
 */
declare module "@marbec/web-auto-extractor" {
  /** Root items by their type name, as the extractor groups them (an item with two types is listed under both). */
  export type ItemsByType = Record<string, Record<string, unknown>[]>;

  export interface ExtractedPage {
    jsonld: ItemsByType;
    microdata: ItemsByType;
    rdfa: ItemsByType;
    errors?: { format: string; message: string }[];
  }

  export default class WebAutoExtractor {
    constructor(options?: { addLocation?: boolean; embedSource?: boolean | string[] });
    parse(html: string): ExtractedPage;
  }
}

declare module "@adobe/structured-data-validator" {
  import type { ExtractedPage } from "@marbec/web-auto-extractor";

  export interface ValidationIssue {
    issueMessage: string;
    severity: "ERROR" | "WARNING";
    dataFormat: string;
  }

  export default class Validator {
    /** `schemaOrgJson`: schema.org's vocabulary in the shape of its `schemaorg-all-https.jsonld` (an `@graph`). */
    constructor(schemaOrgJson?: unknown);
    validate(page: ExtractedPage): Promise<ValidationIssue[]>;
  }
}
