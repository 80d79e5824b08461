/**
 * `result.site` (issue 29) in the record schema: optional, so older records and single-page scans stay
 * valid, and when present held to SiteSummarySchema's shape and bounds.
 */
import { expect, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { VisibilityRecordSchema } from "../../../src/analyzers/visibility/record-schema.ts";
import type { SiteSummary } from "../../../src/analyzers/visibility/site-record-schema.ts";
import { okRecord } from "../../web/record-fixtures.ts";

const SITE: SiteSummary = {
  pages: { budget: 10, discovered: 40, sampled: 10, sound: 6, withIssues: 3, failed: 1, skipped: 0 },
  cut: null,
  templates: [{ template: "/blog/<slug>", discovered: 30, sampled: 5, sound: 2, issues: [{ id: "app-shell", pages: 3, examples: ["https://a.test/blog/1"] }] }],
  reach: [{ platform: "chatgpt", name: "ChatGPT", pagesRead: 7, pagesJudged: 9, templates: [{ template: "/blog/<slug>", read: 2, judged: 5, cause: "3 of 5 sampled pages are app shells" }] }],
};

test("a record without result.site is valid, and so is one with it", () => {
  const plain = okRecord("a.test", 70);
  expect([...Value.Errors(VisibilityRecordSchema, plain)]).toEqual([]);
  const site = { ...plain, result: { ...plain.result!, site: SITE } };
  expect([...Value.Errors(VisibilityRecordSchema, site)]).toEqual([]);
});

test("result.site is held to its shape and bounds", () => {
  const plain = okRecord("a.test", 70);
  const tooManyExamples = { ...SITE, templates: [{ ...SITE.templates[0]!, issues: [{ id: "x", pages: 1, examples: ["1", "2", "3", "4"] }] }] };
  expect(Value.Check(VisibilityRecordSchema, { ...plain, result: { ...plain.result!, site: tooManyExamples } })).toBe(false);
  expect(Value.Check(VisibilityRecordSchema, { ...plain, result: { ...plain.result!, site: { ...SITE, pages: { ...SITE.pages, budget: 0 } } } })).toBe(false);
});
