import { describe, expect, test } from "bun:test";
import { richResultEligibility } from "../../../../src/analyzers/schema/rich-results/eligibility.ts";
import { PREDICATES } from "../../../../src/analyzers/schema/rich-results/predicates.ts";
import { RICH_RESULT_RULES } from "../../../../src/analyzers/schema/rich-results/rich-result-rules.ts";
import type { Check, FeatureRule, NestedRule, NodeRule } from "../../../../src/analyzers/schema/rich-results/rule-types.ts";
import { schemaVocabulary } from "../../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { FEATURE_FIXTURES, RETIRED_FIXTURES } from "./feature-fixtures.ts";

const vocabulary = schemaVocabulary();

function verdictOf(rule: FeatureRule, node: Record<string, unknown>) {
  const verdicts = richResultEligibility(node, { hasErrors: false, context: vocabulary, rules: [rule] });
  expect(verdicts).toHaveLength(1);
  return verdicts[0]!;
}

/** Every property name and predicate a rule mentions, nested rules included. */
function propertiesOf(rule: NodeRule): string[] {
  const fromCheck = (check: Check): string[] => {
    if (typeof check === "string") return [check];
    if ("anyOf" in check) return check.anyOf.flatMap(fromCheck);
    if ("holds" in check) return [];
    return [check.property, ...(check.each ? nestedRules(check.each).flatMap(propertiesOf) : [])];
  };
  return [...(rule.required ?? []), ...(rule.recommended ?? [])].flatMap(fromCheck);
}

function nestedRules(nested: NestedRule): NodeRule[] {
  return Array.isArray(nested) ? (nested as { rule: NodeRule }[]).map((entry) => entry.rule) : [nested as NodeRule];
}

describe("Google rich-result rules as dated data", () => {
  test("each rule has a unique id, a file named after it, Google's documentation URL and the day it was checked", async () => {
    const ids = RICH_RESULT_RULES.map((rule) => rule.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const rule of RICH_RESULT_RULES) {
      expect(rule.documentation).toStartWith("https://developers.google.com/search/");
      expect(rule.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(rule.checked))).toBe(false);
      const file = rule.id === "review-snippet-aggregate" ? "review-snippet" : rule.id;
      expect(await Bun.file(new URL(`../../../../src/analyzers/schema/rich-results/rules/${file}.ts`, import.meta.url)).exists()).toBe(true);
    }
  });

  test("rule types and properties exist in schema.org (the math solver's input annotation aside)", () => {
    for (const rule of RICH_RESULT_RULES) {
      for (const type of rule.types) expect(vocabulary.hasType(type)).toBe(true);
      for (const property of propertiesOf(rule)) {
        if (property === "mathExpression-input") continue;
        expect({ rule: rule.id, property, known: vocabulary.hasProperty(property) }).toEqual({ rule: rule.id, property, known: true });
      }
    }
  });

  test("the gallery's features are covered, the issue's missing ones included", () => {
    const features = RICH_RESULT_RULES.map((rule) => rule.feature);
    for (const feature of [
      "Article", "Breadcrumb", "Carousel", "Course list", "Dataset", "Discussion forum", "Education Q&A", "Employer aggregate rating", "Event", "FAQ",
      "Image metadata", "Job posting", "Local business", "Math solver", "Merchant listing", "Movie carousel", "Organization logo", "Return policy (Organization)",
      "Shipping policy (Organization)", "Paywalled content", "Product snippet", "Product variants", "Profile page", "Q&A page", "Recipe", "Review snippet",
      "Software app", "Speakable", "Vacation rental", "Video",
    ]) {
      expect(features).toContain(feature);
    }
  });

  test("FAQ is deprecated since 7 May 2026, with Google's statement", () => {
    const faq = RICH_RESULT_RULES.find((rule) => rule.id === "faq")!;
    expect(faq.status).toMatchObject({ state: "deprecated", since: "2026-05-07" });
    expect(faq.status.state === "deprecated" && faq.status.message).toContain("no longer shown by Google since 7 May 2026");
  });

  test("merchant listings recommend every Product-level property Google names, not seven", () => {
    const merchant = RICH_RESULT_RULES.find((rule) => rule.id === "merchant-listing")!;
    const recommended = (merchant.recommended ?? []).map((check) => (typeof check === "string" ? check : "property" in check ? check.property : "anyOf" in check ? "gtin" : ""));
    expect(recommended.length).toBeGreaterThanOrEqual(17);
    for (const property of ["aggregateRating", "audience", "brand", "color", "description", "gtin", "hasCertification", "inProductGroupWithID", "isVariantOf", "material", "mpn", "pattern", "review", "size", "sku", "subjectOf"]) {
      expect(recommended).toContain(property);
    }
  });

  test("every predicate is used by a rule", () => {
    const used = new Set<string>();
    const collect = (rule: NodeRule) => {
      for (const check of [...(rule.required ?? []), ...(rule.recommended ?? [])]) {
        if (typeof check === "string") continue;
        if ("holds" in check) used.add(check.holds);
        if ("property" in check && "each" in check && check.each) nestedRules(check.each).forEach(collect);
      }
    };
    for (const rule of RICH_RESULT_RULES) {
      collect(rule);
      if (rule.appliesWhen && "holds" in rule.appliesWhen) used.add(rule.appliesWhen.holds);
    }
    expect([...used].sort()).toEqual(Object.keys(PREDICATES).sort());
  });

  test("every rule has fixtures: active ones an eligible item, retired ones a deprecated one", () => {
    for (const rule of RICH_RESULT_RULES) {
      if (rule.status.state === "deprecated") expect(RETIRED_FIXTURES[rule.id]).toBeDefined();
      else expect(FEATURE_FIXTURES[rule.id]).toBeDefined();
    }
  });
});

describe("each feature: one eligible item, and one ineligible item per rule it holds", () => {
  for (const rule of RICH_RESULT_RULES.filter((entry) => entry.status.state !== "deprecated")) {
    const fixture = FEATURE_FIXTURES[rule.id];
    if (!fixture) continue;
    test(`${rule.feature}: eligible`, () => {
      const verdict = verdictOf(rule, fixture.eligible);
      expect({ verdict: verdict.verdict, missingRequired: verdict.missingRequired }).toEqual({
        verdict: rule.status.state === "limited" ? "limited" : "eligible",
        missingRequired: [],
      });
      expect(verdict.eligible).toBe(true);
    });
    for (const [broken, { node, missing }] of Object.entries(fixture.ineligible)) {
      test(`${rule.feature}: ineligible without ${broken}`, () => {
        const verdict = verdictOf(rule, node);
        expect(verdict.verdict).toBe("ineligible");
        expect(verdict.eligible).toBe(false);
        expect(verdict.missingRequired).toContain(missing);
        const reason = verdict.reasons.find((entry) => entry.level === "required");
        expect(reason?.message.length).toBeGreaterThan(10);
      });
    }
  }
});

describe("each feature: removing any top-level requirement from the eligible item makes it ineligible", () => {
  for (const rule of RICH_RESULT_RULES.filter((entry) => entry.status.state !== "deprecated")) {
    const fixture = FEATURE_FIXTURES[rule.id];
    if (!fixture) continue;
    for (const check of rule.required ?? []) {
      if (typeof check !== "string" && "holds" in check) continue; // predicates have their own fixtures above
      if (typeof check !== "string" && "whenPresent" in check && check.whenPresent) continue;
      const properties = typeof check === "string" ? [check] : "anyOf" in check ? check.anyOf.map((entry) => (typeof entry === "string" ? entry : entry.property)) : [check.property];
      test(`${rule.feature}: without ${properties.join(" or ")}`, () => {
        const node = Object.fromEntries(Object.entries(fixture.eligible).filter(([key]) => !properties.includes(key)));
        const verdicts = richResultEligibility(node, { hasErrors: false, context: vocabulary, rules: [rule] });
        // A rule that applies only when the property is there (a return policy, speakable) stops applying.
        if (verdicts.length === 0) return expect(rule.appliesWhen).toBeDefined();
        expect(verdicts[0]!.verdict).toBe("ineligible");
        expect(verdicts[0]!.missingRequired).toContain(properties.join(" or "));
      });
    }
  }
});

describe("retired features are reported as deprecated, never eligible", () => {
  for (const rule of RICH_RESULT_RULES.filter((entry) => entry.status.state === "deprecated")) {
    const fixture = RETIRED_FIXTURES[rule.id];
    if (!fixture) continue;
    test(`${rule.feature}: deprecated since ${rule.status.state === "deprecated" ? rule.status.since : ""}`, () => {
      const verdict = verdictOf(rule, fixture.deprecated);
      expect(verdict).toMatchObject({ verdict: "deprecated", eligible: false, status: { state: "deprecated" } });
      expect(verdict.reasons[0]).toMatchObject({ level: "status", check: "feature-status" });
    });
  }
});

describe("eligibility follows Google's type lists for each feature, not schema.org inheritance alone (issue 25)", () => {
  const features = (node: Record<string, unknown>) => richResultEligibility(node, { hasErrors: false, context: vocabulary }).map((verdict) => `${verdict.rule}: ${verdict.verdict}`);
  const post = { author: { "@type": "Person", name: "Jane Doe" }, datePublished: "2026-10-01T10:00:00Z", text: "Which lamp for a desk?", headline: "Desk lamps" };

  test("a BlogPosting is an Article (Google's Article page names it), not a Discussion forum post, though schema.org files it under SocialMediaPosting", () => {
    const verdicts = features({ "@type": "BlogPosting", ...post });
    expect(verdicts).toContain("article: eligible");
    expect(verdicts.some((verdict) => verdict.startsWith("discussion-forum"))).toBe(false);
    // LiveBlogPosting is a BlogPosting: an Article too.
    expect(features({ "@type": "LiveBlogPosting", ...post })).toContain("article: eligible");
    expect(features({ "@type": "LiveBlogPosting", ...post }).some((verdict) => verdict.startsWith("discussion-forum"))).toBe(false);
  });

  test("forum threads and social posts are the Discussion forum feature, not Article; a post typed both ways gets both", () => {
    for (const type of ["DiscussionForumPosting", "SocialMediaPosting"]) {
      const verdicts = features({ "@type": type, ...post });
      expect(verdicts).toContain("discussion-forum: eligible");
      expect(verdicts.some((verdict) => verdict.startsWith("article:"))).toBe(false);
    }
    const both = features({ "@type": ["BlogPosting", "DiscussionForumPosting"], ...post });
    expect(both).toContain("article: eligible");
    expect(both).toContain("discussion-forum: eligible");
  });

  test("a ClaimReview is no review snippet, an EmployerAggregateRating no aggregate-rating snippet: each has its own feature", () => {
    const claim = features({ "@type": "ClaimReview", author: { "@type": "Organization", name: "Checkers" }, itemReviewed: { "@type": "Claim", name: "A claim" }, reviewRating: { "@type": "Rating", ratingValue: 1 } });
    expect(claim).toEqual(["fact-check: deprecated"]);
    const employer = features({ "@type": "EmployerAggregateRating", itemReviewed: { "@type": "Organization", name: "ACME" }, ratingValue: 4, ratingCount: 10 });
    expect(employer).toEqual(["employer-rating: eligible"]);
  });

  test("every exception names the Google page it follows, and names types the feature's own types cover", () => {
    for (const rule of RICH_RESULT_RULES.filter((candidate) => candidate.except)) {
      expect(rule.except!.why).toMatch(/Google's|\(\/[a-z-]+/);
      for (const type of rule.except!.types) expect(rule.types.some((own) => vocabulary.isA(type, own))).toBe(true);
    }
  });
});
