import type { FeatureRule } from "../../rule-types.ts";

/**
 * A feature Google retired: no property rules, only the dated fact, so a page still carrying the
 * markup hears why nothing shows.
 */
export function retiredFeature(rule: Omit<FeatureRule, "status" | "checked" | "required" | "recommended"> & { since: string; message: string }): FeatureRule {
  const { since, message, ...rest } = rule;
  return { ...rest, checked: "2026-11-23", status: { state: "deprecated", since, message } };
}

export const SIMPLIFYING_2025 = "https://developers.google.com/search/blog/2025/06/simplifying-search-results";

/** The 12 June 2025 announcement retired seven features at once; each names itself in this sentence. */
export function phasedOutIn2025(feature: string): string {
  return `Google announced on 12 June 2025 that it was phasing out ${feature} results; they are no longer shown in Google Search. The markup stays valid schema.org.`;
}
