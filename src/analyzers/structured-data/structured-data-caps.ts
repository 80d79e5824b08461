/**
 * Every cap on what one page's structured data may cost, in one place, so that a per-scan memory
 * budget can be set against them. Each cap that a page hits is stated in the record and on the report
 * page (a LimitNotice), never applied silently. The page itself is read whole, up to FETCH_MAX_BYTES.
 *
 * Measured on a 2 MB page made of every schema.org example (2,218 items, 8,102 graph nodes): no cap is
 * hit, and one whole analysis, the suggestions' DOM included, peaks at 62 to 78 MB above the process's
 * resting memory (scripts/bench/structured-data.ts).
 */

/**
 * Top-level items of all formats together, JSON-LD first (Google's preferred format): each costs
 * validation and record space. Real pages hold a few, catalogue pages hundreds; a hostile page could
 * hold hundreds of thousands.
 */
export const MAX_ITEMS = 5_000;

/** Nesting deeper than this is cut, so a hostile page cannot make extraction or validation recurse for ever. */
export const MAX_DEPTH = 12;

/** A hostile page could hold thousands of unreadable blocks or values; the report lists this many and counts the rest. */
export const MAX_PROBLEMS = 50;

/** Nodes (items and the nodes nested in them) indexed and joined by `@id`; past this the rest are not joined. */
export const MAX_GRAPH_NODES = 50_000;

/** How many node copies one item's references may pull in when they are embedded for rich-result rules. */
export const EMBED_BUDGET = 2_000;

/**
 * Elements kept in the tree Microdata and RDFa are read from (those that carry their attributes, and the
 * content of property elements). Past this the rest of the page's Microdata and RDFa is not read.
 */
export const MAX_MARKUP_ELEMENTS = 100_000;

/**
 * How much text the property values of one page may read, in nodes visited. An element's text is its
 * whole subtree, so property elements nested inside each other (thousands deep on a hostile page)
 * would each re-read everything below them: quadratic. Real pages stay far below this budget.
 */
export const TEXT_NODE_BUDGET = 2_000_000;

/** One property value longer than this is cut: no schema.org value needs more, and the record shows less. */
export const MAX_VALUE_CHARS = 10_000;

/** One item's data as the record shows it (pretty-printed JSON-LD); longer data ends with "…". */
export const MAX_ITEM_DATA_CHARS = 20_000;

/**
 * All items' data in one record together: past this, each further item's data is cut to
 * MAX_ITEM_DATA_CHARS_PAST_BUDGET, so that thousands of large items cannot make a record of hundreds of MB.
 */
export const MAX_RECORD_DATA_CHARS = 1024 * 1024;
export const MAX_ITEM_DATA_CHARS_PAST_BUDGET = 500;

/**
 * The listed items of one record, as JSON, with the rule texts they refer to (`result.rules`): items are
 * listed while the record holds less than this, the rest are checked and counted (`summary`) but not
 * listed, and the record says so (`record-size`). A record is then at most this plus one item (at most
 * MAX_ITEM_DATA_CHARS of data and its verdicts) plus its bounded parts (problems, limits, suggestions).
 */
export const MAX_RECORD_ITEMS_CHARS = 2 * 1024 * 1024;
