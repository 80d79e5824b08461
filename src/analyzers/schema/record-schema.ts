import { type Static, Type } from "@sinclair/typebox";

/**
 * The stored and served schema markup record (spec/schema-interface.md: "fields: not shown", designed
 * here). The OpenAPI description is generated from this schema, so every field carries its description.
 */

const ISO_8601_UTC = "^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?Z$";

export const ItemIssueSchema = Type.Object(
  {
    property: Type.Union([Type.String(), Type.Null()], {
      description: "The property concerned, as a path from the item (`offers[1].price`, `author.@type`), or null when the issue is about the item as a whole.",
    }),
    message: Type.String({ description: "What is wrong and how to put it right." }),
  },
  { description: "One problem found in an item." },
);

export const EligibilitySchema = Type.Object(
  {
    feature: Type.String({ description: "The Google rich result, e.g. `Product snippet`, `Breadcrumb`, `FAQ`." }),
    eligible: Type.Boolean({ description: "True when every required property is present and the item has no errors." }),
    missingRequired: Type.Array(Type.String(), { description: "Required properties that are missing (`a or b`: either one will do)." }),
    missingRecommended: Type.Array(Type.String(), { description: "Recommended properties that are missing: not needed, but they make the result richer." }),
    note: Type.Optional(Type.String({ description: "A caveat Google documents for this feature beyond its properties." })),
  },
  { description: "Whether an item qualifies for one kind of rich result." },
);

export const FormatSchema = Type.Union([Type.Literal("json-ld"), Type.Literal("microdata"), Type.Literal("rdfa")], {
  description: "How the item is written in the page: JSON-LD, Microdata or RDFa (Lite).",
});

export const StructuredItemSchema = Type.Object(
  {
    format: FormatSchema,
    type: Type.String({ description: "The item's type as written (several are joined with \", \"); empty when it has none." }),
    path: Type.String({ description: "Where the item is on the page: `json-ld[0]` is the first JSON-LD block, `json-ld[0] @graph[2]` a member of its @graph, `microdata[1]` the second top-level Microdata item." }),
    id: Type.Union([Type.String(), Type.Null()], { description: "The item's @id (itemid, resource), or null." }),
    properties: Type.Array(Type.String(), { description: "The names of the item's top-level properties, as written." }),
    data: Type.String({ description: "The item as JSON (Microdata and RDFa converted to the JSON-LD shape), pretty-printed and cut at 20,000 characters." }),
    errors: Type.Array(ItemIssueSchema, { description: "Problems that make search engines reject or ignore the item or a property." }),
    warnings: Type.Array(ItemIssueSchema, { description: "Problems search engines tolerate but read less well." }),
    eligibility: Type.Array(EligibilitySchema, { description: "The rich results the item's type can earn, and what each still needs. Empty when no rich result applies." }),
  },
  { description: "One structured data item found on the page." },
);

export const ExtractionProblemSchema = Type.Object(
  {
    format: FormatSchema,
    path: Type.String({ description: "Which block, e.g. `json-ld[1]`." }),
    message: Type.String({ description: "Why it could not be read." }),
  },
  { description: "A block of structured data that could not be read at all (invalid JSON, a list of numbers instead of items)." },
);

export const GeneratedSchema = Type.Object(
  {
    type: Type.String({ description: "The schema.org type generated, e.g. `Organization`, `BreadcrumbList`." }),
    reason: Type.String({ description: "Why this markup is suggested, and what on the page it was built from." }),
    jsonLd: Type.String({
      description:
        'The JSON-LD, pretty-printed, ready to paste inside <script type="application/ld+json">. "<" is written as \\u003c so the text cannot close the script element. Check the values before publishing.',
    }),
  },
  { description: "Suggested markup built from the page's own content; valid against the same schema.org checks." },
);

export const SummarySchema = Type.Object(
  {
    items: Type.Integer({ minimum: 0, description: "Structured data items found." }),
    errors: Type.Integer({ minimum: 0, description: "Errors over all items, plus blocks that could not be read." }),
    warnings: Type.Integer({ minimum: 0, description: "Warnings over all items." }),
    eligible: Type.Integer({ minimum: 0, description: "Rich results the page's items qualify for." }),
    formats: Type.Array(FormatSchema, { description: "The formats found on the page." }),
  },
  { description: "The counts at a glance." },
);

export const PageSchema = Type.Object(
  {
    url: Type.String({ description: "The URL analysed." }),
    finalUrl: Type.String({ description: "The URL of the page after redirects." }),
    status: Type.Integer({ description: "The page's HTTP status." }),
    title: Type.Union([Type.String(), Type.Null()], { description: "The page's <title>, or null." }),
  },
  { description: "The page analysed." },
);

export const VocabularySchema = Type.Object(
  {
    release: Type.Union([Type.String(), Type.Null()], { description: 'The schema.org release the items were validated against, e.g. "29.4"; null when the release file does not say.' }),
    source: Type.Union([Type.Literal("embedded"), Type.Literal("SCHEMA_VOCABULARY")], {
      description: '"embedded": the release built into the service; "SCHEMA_VOCABULARY": a release file the operator configured.',
    }),
  },
  { description: "Which schema.org vocabulary validated the items. Absent in records stored before this field was added." },
);

export const SchemaResultSchema = Type.Object(
  {
    page: PageSchema,
    summary: SummarySchema,
    items: Type.Array(StructuredItemSchema, { description: "Every top-level item, JSON-LD first, at most 100." }),
    problems: Type.Array(ExtractionProblemSchema, { description: "Blocks that could not be read at all." }),
    generated: Type.Array(GeneratedSchema, { description: "JSON-LD suggested for what the page shows but does not mark up yet." }),
    vocabulary: Type.Optional(VocabularySchema),
  },
  { description: "The analysis; null when the scan failed." },
);

export const SchemaRecordSchema = Type.Object(
  {
    domain: Type.String({ description: "The domain the record is stored under: the page's host, lowercase, without www." }),
    status: Type.Union([Type.Literal("ok"), Type.Literal("failed")], { description: '"ok", or "failed" when the page could not be analysed (then `result` is null).' }),
    scannedAt: Type.String({ pattern: ISO_8601_UTC, description: "When the scan ran, ISO 8601 in UTC." }),
    result: Type.Union([SchemaResultSchema, Type.Null()], { description: 'The analysis; null when status is "failed".' }),
    reason: Type.Optional(Type.String({ description: 'Only when status is "failed": why the page could not be analysed.' })),
  },
  { description: "The schema markup record of a domain: the structured data of the last page analysed on it." },
);

export type SchemaRecord = Static<typeof SchemaRecordSchema>;
export type SchemaResult = Static<typeof SchemaResultSchema>;
export type StructuredItem = Static<typeof StructuredItemSchema>;
export type GeneratedMarkup = Static<typeof GeneratedSchema>;
