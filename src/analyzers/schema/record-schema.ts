import { type Static, Type } from "@sinclair/typebox";
import { RescoredFromSchema } from "../rescored-from-schema.ts";

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

export const EligibilityReasonSchema = Type.Object(
  {
    level: Type.Union([Type.Literal("required"), Type.Literal("recommended"), Type.Literal("errors"), Type.Literal("status")], {
      description:
        "`required`: a property Google requires is missing or wrong, so the item is not eligible; `recommended`: optional, makes the result richer; `errors`: the item has errors; `status`: the feature is deprecated or limited to some sites.",
    }),
    property: Type.Union([Type.String(), Type.Null()], {
      description: "The property concerned, as a path from the item (`offers[1].price`, `itemListElement`), or null for the item or the feature as a whole.",
    }),
    check: Type.String({
      description: "Which check: `present`, `one-of`, `text-not-item` (text where an item is needed), a named rule such as `atLeastTwoListItems` or `notOnlineOnly`, `item-errors` or `feature-status`.",
    }),
    message: Type.String({ description: "What is wrong and what to add." }),
  },
  { description: "One reason behind a rich-result verdict." },
);

export const EligibilitySchema = Type.Object(
  {
    feature: Type.String({ description: "The Google rich result, e.g. `Product snippet`, `Breadcrumb`, `FAQ`." }),
    eligible: Type.Boolean({
      description: "True when every required property is present, the item has no errors and Google still shows the feature (verdict `eligible` or `limited`). Never true for a deprecated feature.",
    }),
    missingRequired: Type.Array(Type.String(), { description: "Required properties that are missing or wrong (`a or b`: either one will do; `path: rule` for a rule such as `itemListElement: at least two ListItems`)." }),
    missingRecommended: Type.Array(Type.String(), { description: "Recommended properties that are missing: not needed, but they make the result richer." }),
    note: Type.Optional(Type.String({ description: "A caveat Google documents for this feature beyond its properties." })),
    rule: Type.Optional(Type.String({ description: "The id of the rule applied, e.g. `product-snippet` (src/analyzers/schema/rich-results/rules/<id>.ts)." })),
    verdict: Type.Optional(
      Type.Union([Type.Literal("eligible"), Type.Literal("limited"), Type.Literal("ineligible"), Type.Literal("deprecated")], {
        description:
          "`eligible`; `limited`: eligible, but Google shows the feature only for some sites or regions; `ineligible`: a required property is missing or the item has errors; `deprecated`: Google no longer shows the feature.",
      }),
    ),
    status: Type.Optional(
      Type.Object(
        {
          state: Type.Union([Type.Literal("active"), Type.Literal("limited"), Type.Literal("deprecated")], { description: "Whether Google shows the feature today." }),
          since: Type.Union([Type.String(), Type.Null()], { description: "For a deprecated feature, the day Google stopped showing it (YYYY-MM-DD); otherwise null." }),
          detail: Type.Union([Type.String(), Type.Null()], { description: "Why it is deprecated, or whom it is limited to; null when active." }),
        },
        { description: "The feature's status in Google Search, as of the day the rule was checked." },
      ),
    ),
    documentation: Type.Optional(Type.String({ description: "Google's documentation of the feature (or of its retirement)." })),
    checked: Type.Optional(Type.String({ description: "The day the rule was last compared with that documentation (YYYY-MM-DD)." })),
    reasons: Type.Optional(
      Type.Array(EligibilityReasonSchema, {
        description: "Records stored before `reasonRefs`: every reason behind the verdict, written out. Newer records hold `reasonRefs` instead.",
      }),
    ),
    reasonRefs: Type.Optional(
      Type.Array(Type.Integer({ minimum: 0 }), {
        description:
          "Every reason behind the verdict (the feature's status, item errors, then each missing or wrong property with what to add), as positions in `result.rules[rule].reasons`: a reason many items share is written once. The feature's `note`, `status`, `documentation` and `checked` are in `result.rules[rule]` too.",
      }),
    ),
  },
  { description: "Whether an item qualifies for one kind of rich result, and why." },
);

export const FeatureStatusSchema = Type.Object(
  {
    state: Type.Union([Type.Literal("active"), Type.Literal("limited"), Type.Literal("deprecated")], { description: "Whether Google shows the feature today." }),
    since: Type.Union([Type.String(), Type.Null()], { description: "For a deprecated feature, the day Google stopped showing it (YYYY-MM-DD); otherwise null." }),
    detail: Type.Union([Type.String(), Type.Null()], { description: "Why it is deprecated, or whom it is limited to; null when active." }),
  },
  { description: "The feature's status in Google Search, as of the day the rule was checked." },
);

export const RuleTextsSchema = Type.Object(
  {
    feature: Type.String({ description: "The Google rich result the rule judges." }),
    note: Type.Optional(Type.String({ description: "A caveat Google documents for this feature beyond its properties." })),
    status: FeatureStatusSchema,
    documentation: Type.String({ description: "Google's documentation of the feature (or of its retirement)." }),
    checked: Type.String({ description: "The day the rule was last compared with that documentation (YYYY-MM-DD)." }),
    reasons: Type.Array(EligibilityReasonSchema, { description: "Each distinct reason the rule gave an item of this record, once; items point at them by position (`reasonRefs`)." }),
  },
  { description: "What one rich-result rule says, stored once per record however many items it judged." },
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

export const GeneratedNodeSchema = Type.Object(
  {
    type: Type.String({ description: "The node's schema.org type, e.g. `Organization`, `Product`, `FAQPage`." }),
    id: Type.String({ description: "The node's @id: the site's root with a fragment for site-wide nodes (`https://shop.example/#organization`), the page's canonical URL with a fragment for the page's own (`…/p/lamp#product`)." }),
    reason: Type.String({ description: "Why this node is suggested, and what on the page it was built from." }),
    richResults: Type.Array(Type.String(), {
      description: "The Google rich results (the `feature` names of `eligibility`) whose every requirement the node meets. A deprecated feature (FAQ) may be listed: the markup is complete, but Google no longer shows it and it is never counted as eligible.",
    }),
  },
  { description: "One node of the suggested @graph." },
);

export const GeneratedSchema = Type.Object(
  {
    type: Type.String({
      description: "The schema.org types of the suggested graph's nodes, in graph order, joined by \", \" (e.g. `Organization, WebSite, WebPage, Product`). Records stored before the graph was introduced hold one entry per type instead.",
    }),
    reason: Type.String({ description: "Why this markup is suggested, and what on the page it was built from: a line about the graph, then each node's reason." }),
    jsonLd: Type.String({
      description:
        'The JSON-LD, pretty-printed, ready to paste inside <script type="application/ld+json">: `{"@context": "https://schema.org", "@graph": [...]}`, its nodes joined by @id. "<" is written as \\u003c so the text cannot close the script element. Only facts the page states are used (no placeholders); check the values before publishing.',
    }),
    script: Type.Optional(Type.String({ description: 'The same JSON-LD inside its `<script type="application/ld+json">` element: the exact text to paste into the page.' })),
    nodes: Type.Optional(Type.Array(GeneratedNodeSchema, { description: "Each node of the graph, in graph order, with its @id, reason and the rich results it is built for." })),
    linksTo: Type.Optional(
      Type.Array(Type.String(), {
        description: "@ids of nodes the page already declares (its own Organization, WebSite or WebPage) that the graph refers to instead of restating them; they resolve once the block is pasted into that page.",
      }),
    ),
  },
  { description: "Suggested markup built from the page's own content; valid against the same schema.org checks and Google's rich-result rules." },
);

export const SummarySchema = Type.Object(
  {
    items: Type.Integer({ minimum: 0, description: "Structured data items found." }),
    errors: Type.Integer({ minimum: 0, description: "Errors over all items, plus blocks that could not be read." }),
    warnings: Type.Integer({ minimum: 0, description: "Warnings over all items." }),
    eligible: Type.Integer({ minimum: 0, description: "Rich results the page's items qualify for (limited ones included, deprecated ones never)." }),
    limited: Type.Optional(Type.Integer({ minimum: 0, description: "Of those, how many Google shows only for some sites or regions." })),
    deprecated: Type.Optional(Type.Integer({ minimum: 0, description: "Features the items are marked up for that Google no longer shows (FAQ, How-to …): not counted as eligible." })),
    formats: Type.Array(FormatSchema, { description: "The formats found on the page." }),
    listed: Type.Optional(
      Type.Integer({ minimum: 0, description: "Only when the record reached its size cap (see `limits`, `record-size`): how many of the items `items` lists. The counts above cover every item. Absent: every item is listed." }),
    ),
  },
  { description: "The counts at a glance, over every item checked." },
);

export const LimitSchema = Type.Object(
  {
    limit: Type.Union([Type.Literal("items"), Type.Literal("depth"), Type.Literal("page-size"), Type.Literal("nodes"), Type.Literal("record-size")], {
      description: "Which cap was hit (`record-size`: the record lists only its first items, and counts the rest).",
    }),
    message: Type.String({ description: 'What was cut and where, e.g. "The page\'s JSON-LD holds 10000 items; the first 100 are reported and checked."' }),
  },
  { description: "A cap that was hit while reading the page: nothing is cut without saying so." },
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
    items: Type.Array(StructuredItemSchema, {
      description: "The top-level items, JSON-LD first: every one checked (at most 5,000 a page), as many listed as fit in the record's 2 MiB of items (`summary.listed`).",
    }),
    problems: Type.Array(ExtractionProblemSchema, { description: "Blocks that could not be read at all." }),
    limits: Type.Optional(Type.Array(LimitSchema, { description: "Every cap that was hit (items, nesting, page size); absent in records stored before caps were reported." })),
    rules: Type.Optional(
      Type.Record(Type.String(), RuleTextsSchema, {
        description: "The rich-result rules the listed items were judged by, keyed by rule id (`eligibility[].rule`), each with its texts and reasons written once. Absent in older records, whose verdicts carry their texts.",
      }),
    ),
    generated: Type.Array(GeneratedSchema, { description: "JSON-LD suggested for what the page shows but does not mark up yet: one entry holding one @graph, or none when there is nothing to add." }),
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
    rescoredFrom: Type.Optional(RescoredFromSchema),
  },
  { description: "The schema markup record of a domain: the structured data of the last page analysed on it." },
);

export type SchemaRecord = Static<typeof SchemaRecordSchema>;
export type SchemaResult = Static<typeof SchemaResultSchema>;
export type StructuredItem = Static<typeof StructuredItemSchema>;
export type GeneratedMarkup = Static<typeof GeneratedSchema>;
export type GeneratedNode = Static<typeof GeneratedNodeSchema>;
export type EligibilityEntry = Static<typeof EligibilitySchema>;
export type RuleTexts = Static<typeof RuleTextsSchema>;
export type EligibilityReason = Static<typeof EligibilityReasonSchema>;
