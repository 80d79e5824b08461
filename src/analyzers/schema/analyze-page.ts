import { megabytes } from "../structured-data/extract-structured-data.ts";
import type { ExtractedItem, JsonLdNode, LimitNotice } from "../structured-data/extracted-item.ts";
import { cutExtent, elementCut } from "../structured-data/bounded-html.ts";
import { type HtmlCut, pageDocument } from "../structured-data/html-document.ts";
import { embeddingRoot, embedReferences, joinedItems, type StructuredGraph, structuredGraph } from "../structured-data/structured-graph.ts";
import { MAX_ITEM_DATA_CHARS, MAX_ITEM_DATA_CHARS_PAST_BUDGET, MAX_RECORD_DATA_CHARS, MAX_RECORD_ITEMS_CHARS } from "../structured-data/structured-data-caps.ts";
import { existingMarkup } from "./generate/existing-markup.ts";
import { readPageFacts } from "./generate/page-facts.ts";
import { suggestMarkup } from "./generate/suggest-markup.ts";
import type { PageResponse } from "./gather/page-artifact.ts";
import type { SchemaResult, StructuredItem } from "./record-schema.ts";
import { anyRuleAbout, richResultEligibility } from "./rich-results/eligibility.ts";
import { RuleTextsTable } from "./rich-results/rule-texts-table.ts";
import { validateItem } from "./validate/validate-item.ts";
import type { Vocabulary } from "./vocabulary/vocabulary.ts";

/** The analysis steps reported through `onStep`, after the page was fetched. */
export type AnalysisStep = "extract" | "validate" | "generate";

/** Extract → validate → rich-result eligibility → suggestions, for one fetched page. Pure; `onStep` only observes. */
export function analyzePage(page: PageResponse, vocabulary: Vocabulary, onStep?: (step: AnalysisStep) => void): SchemaResult {
  onStep?.("extract");
  // Structured data is read from the HTML itself; the DOM is built only for the facts suggestions read.
  const extraction = structuredGraph(page, page.html, page.finalUrl);
  onStep?.("validate");
  const dataBudget = { charsLeft: MAX_RECORD_DATA_CHARS, cut: 0 };
  const listing = new ItemListing();
  for (const item of joinedItems(extraction)) listing.add(judgeItem(item, extraction, vocabulary, dataBudget, listing));
  const counts = listing.counts;
  onStep?.("generate");
  const { document, cut } = pageDocument(page, page.html);
  const read = readPageFacts(document, page.finalUrl);
  const existing = existingMarkup(extraction, vocabulary, read.canonicalUrl);
  // On a homepage, the site's own WebSite node names the site better than its title does (og:site_name and application-name better still).
  const declaredName = read.siteNameFrom === "title" ? existing.nameOf("WebSite") : null;
  const facts = declaredName ? { ...read, siteName: declaredName } : read;
  const generated = suggestMarkup(facts, existing);
  return {
    page: {
      url: page.requestedUrl,
      finalUrl: page.finalUrl,
      status: page.status,
      title: (document.querySelector("title")?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 300) || null,
    },
    summary: {
      items: counts.items,
      errors: counts.errors + extraction.problems.length,
      warnings: counts.warnings,
      eligible: counts.eligible,
      limited: counts.limited,
      deprecated: counts.deprecated,
      formats: [...new Set([...counts.formats, ...extraction.problems.map((problem) => problem.format)])],
      // Only when some are not listed: absent, `items` lists every item (as in records before the cap).
      ...(listing.items.length < counts.items ? { listed: listing.items.length } : {}),
    },
    items: listing.items,
    problems: extraction.problems,
    limits: [...(page.truncated ? [fetchCutNotice(page)] : []), ...domCutNotice(cut), ...extraction.limits, ...dataCutNotice(dataBudget), ...listing.notice()],
    rules: listing.rules.texts(),
    generated,
    vocabulary: { ...vocabulary.origin },
  };
}

/** The fetcher stops reading at FETCH_MAX_BYTES, or when the scan's memory budget runs out; what came after was never seen, so say so. */
function fetchCutNotice(page: PageResponse): LimitNotice {
  const cause = page.cutByBudget ? "the scan's memory budget, SCAN_MEMORY_MB" : "the FETCH_MAX_BYTES limit";
  return { limit: "page-size", message: `The page was cut at ${megabytes(page.bytesRead ?? page.html.length)} (${cause}); structured data after that point was not read.` };
}

/**
 * The DOM, read for the title and the facts suggestions are made of, holds the page's first
 * MAX_DOM_ELEMENTS elements; structured data is read from the whole page without it.
 */
function domCutNotice(cut: HtmlCut | null): LimitNotice[] {
  const elements = elementCut(cut);
  if (!elements) return [];
  return [{ limit: "nodes", message: `The page was cut ${cutExtent(elements)} to read its title and the facts suggestions are made of; structured data was read from the whole page.` }];
}

/** What is left of MAX_RECORD_DATA_CHARS, and how many items' data was cut shorter for it. */
interface DataBudget {
  charsLeft: number;
  cut: number;
}

function dataCutNotice(budget: DataBudget): LimitNotice[] {
  if (budget.cut === 0) return [];
  const message = `The items' data shown is cut at ${megabytes(MAX_RECORD_DATA_CHARS)} in all; past that, ${budget.cut} item(s) show their first ${MAX_ITEM_DATA_CHARS_PAST_BUDGET} characters (every item is still checked whole).`;
  return [{ limit: "items", message }];
}

/** The item's data as the record shows it, within MAX_ITEM_DATA_CHARS and what is left of the record's budget. */
function shownData(node: JsonLdNode, budget: DataBudget): string {
  const data = JSON.stringify(node, null, 2);
  let limit = Math.min(MAX_ITEM_DATA_CHARS, budget.charsLeft);
  if (limit < Math.min(data.length, MAX_ITEM_DATA_CHARS)) {
    limit = Math.max(limit, MAX_ITEM_DATA_CHARS_PAST_BUDGET);
    budget.cut++;
  }
  const shown = data.length > limit ? `${data.slice(0, limit)}\n…` : data;
  budget.charsLeft = Math.max(0, budget.charsLeft - shown.length);
  return shown;
}

/** A judged item, its verdicts with their texts in the record's rule table, and what it adds to the record. */
interface JudgedItem {
  item: StructuredItem;
  /** The item's JSON plus the rule texts its verdicts added to the table. */
  chars: number;
}

/**
 * The record's items: each judged item is counted, and listed while the listed items (with the rule
 * texts they added) hold less than MAX_RECORD_ITEMS_CHARS; past that, the rest are counted only.
 */
class ItemListing {
  readonly items: StructuredItem[] = [];
  readonly rules = new RuleTextsTable();
  readonly counts = { items: 0, errors: 0, warnings: 0, eligible: 0, limited: 0, deprecated: 0, formats: new Set<StructuredItem["format"]>() };
  private chars = 0;

  get full(): boolean {
    return this.chars >= MAX_RECORD_ITEMS_CHARS;
  }

  add({ item, chars }: JudgedItem): void {
    const counts = this.counts;
    counts.items++;
    counts.errors += item.errors.length;
    counts.warnings += item.warnings.length;
    counts.formats.add(item.format);
    for (const entry of item.eligibility) {
      if (entry.eligible) counts.eligible++;
      if (entry.verdict === "limited") counts.limited++;
      if (entry.verdict === "deprecated") counts.deprecated++;
    }
    if (chars === 0) return;
    this.items.push(item);
    this.chars += chars;
  }

  notice(): LimitNotice[] {
    const unlisted = this.counts.items - this.items.length;
    if (unlisted === 0) return [];
    const message = `The record lists the first ${this.items.length} of the page's ${this.counts.items} items (${megabytes(MAX_RECORD_ITEMS_CHARS)} of items a record); the other ${unlisted} were checked and are counted in the summary, but not listed.`;
    return [{ limit: "record-size", message }];
  }
}

/** The item judged; `listing` full: its verdicts are counted but their texts not kept (chars 0: not listed). */
function judgeItem(item: ExtractedItem, graph: StructuredGraph, vocabulary: Vocabulary, budget: DataBudget, listing: ItemListing): JudgedItem {
  const validated = validateItem(item, vocabulary);
  const declared = item.node["@type"];
  const written = typeof declared === "string" ? [declared] : Array.isArray(declared) ? declared.filter((type) => typeof type === "string") : [];
  // Rich results read an item with what its @id references point at (a Product's Offer stated apart);
  // an item of types no rule is about gets no verdict, so its references are not embedded for nothing.
  const verdicts = anyRuleAbout(embeddingRoot(graph, item.node), vocabulary)
    ? richResultEligibility(embedReferences(graph, item.node), { hasErrors: validated.errors.length > 0, context: vocabulary })
    : [];
  const listed = !listing.full;
  let ruleChars = 0;
  const eligibility = verdicts.map((verdict) => {
    if (!listed) return { rule: verdict.rule, feature: verdict.feature, verdict: verdict.verdict, eligible: verdict.eligible, missingRequired: [], missingRecommended: [] };
    const { entry, addedChars } = listing.rules.entry(verdict);
    ruleChars += addedChars;
    return entry;
  });
  const judged: StructuredItem = {
    format: item.format,
    type: written.join(", "),
    path: item.path,
    id: typeof item.node["@id"] === "string" ? item.node["@id"] : null,
    properties: Object.keys(item.node).filter((key) => !key.startsWith("@")),
    data: listed ? shownData(item.node, budget) : "",
    errors: validated.errors,
    warnings: validated.warnings,
    eligibility,
  };
  return { item: judged, chars: listed ? JSON.stringify(judged).length + 1 + ruleChars : 0 };
}
