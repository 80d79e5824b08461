import { excerpt } from "./page-text.ts";
import { type DateOrder, parseDateText } from "./date-text.ts";

/** One date a page states about itself: what kind, when, and where it says so. */

export type DateKind = "published" | "modified" | "created" | "unlabelled";

export interface PageDate {
  kind: DateKind;
  /** The text as the page states it, shortened for evidence. */
  text: string;
  /** Milliseconds since the epoch (a day alone is its midnight UTC). */
  time: number;
  precision: "day" | "instant";
  /** `JSON-LD NewsArticle "datePublished"`, `meta property="article:published_time"`, `<time datetime>`, `the visible dateline "Stand: 09.10.2017"`. */
  source: string;
}

/** The date `text` states, labelled with its kind and source, or null when the text holds no readable date; `order` is the page's for numeric dates (date-order.ts). */
export function dated(kind: DateKind, text: string, source: string, order: DateOrder | null = null): PageDate | null {
  const parsed = parseDateText(text, { order });
  return parsed ? { kind, text: excerpt(text, 60), time: parsed.time, precision: parsed.precision, source } : null;
}
