import { describe, expect, test } from "bun:test";
import { PREDICATES } from "../../../../src/analyzers/schema/rich-results/predicates.ts";
import { schemaVocabulary } from "../../../../src/analyzers/schema/vocabulary/vocabulary.ts";

const context = schemaVocabulary();
const crumb = (position: number, item?: string) => ({ "@type": "ListItem", position, name: `c${position}`, ...(item ? { item } : {}) });

describe("named predicates", () => {
  test("atLeastTwoListItems", () => {
    expect(PREDICATES.atLeastTwoListItems({ itemListElement: [crumb(1), crumb(2)] }, context)).toBe(true);
    expect(PREDICATES.atLeastTwoListItems({ itemListElement: crumb(1) }, context)).toBe(false);
    expect(PREDICATES.atLeastTwoListItems({ itemListElement: [crumb(1), ""] }, context)).toBe(false);
  });

  test("itemOnEveryListItemButLast orders crumbs by position, not by the array", () => {
    expect(PREDICATES.itemOnEveryListItemButLast({ itemListElement: [crumb(1, "https://a/"), crumb(2)] }, context)).toBe(true);
    expect(PREDICATES.itemOnEveryListItemButLast({ itemListElement: [crumb(2), crumb(1, "https://a/")] }, context)).toBe(true);
    expect(PREDICATES.itemOnEveryListItemButLast({ itemListElement: [crumb(1), crumb(2, "https://a/b")] }, context)).toBe(false);
    expect(PREDICATES.itemOnEveryListItemButLast({ itemListElement: [crumb(1, "https://a/"), crumb(2), crumb(3)] }, context)).toBe(false);
  });

  test("notOnlineOnly: a Place (alone or beside a VirtualLocation) holds; virtual only or the online attendance mode does not", () => {
    const place = { "@type": "Place", address: "1 Main St" };
    const virtual = { "@type": "VirtualLocation", url: "https://stream.example" };
    expect(PREDICATES.notOnlineOnly({ location: place }, context)).toBe(true);
    expect(PREDICATES.notOnlineOnly({ location: [virtual, place], eventAttendanceMode: "MixedEventAttendanceMode" }, context)).toBe(true);
    expect(PREDICATES.notOnlineOnly({ location: virtual }, context)).toBe(false);
    expect(PREDICATES.notOnlineOnly({ location: place, eventAttendanceMode: "https://schema.org/OnlineEventAttendanceMode" }, context)).toBe(false);
    expect(PREDICATES.notOnlineOnly({}, context)).toBe(true);
  });

  test("descriptionOf50To5000Characters", () => {
    expect(PREDICATES.descriptionOf50To5000Characters({ description: "x".repeat(50) }, context)).toBe(true);
    expect(PREDICATES.descriptionOf50To5000Characters({ description: "x".repeat(49) }, context)).toBe(false);
    expect(PREDICATES.descriptionOf50To5000Characters({ description: "x".repeat(5001) }, context)).toBe(false);
  });

  test("returnDaysForFiniteWindow", () => {
    expect(PREDICATES.returnDaysForFiniteWindow({ returnPolicyCategory: "https://schema.org/MerchantReturnFiniteReturnWindow", merchantReturnDays: 30 }, context)).toBe(true);
    expect(PREDICATES.returnDaysForFiniteWindow({ returnPolicyCategory: "MerchantReturnFiniteReturnWindow" }, context)).toBe(false);
    expect(PREDICATES.returnDaysForFiniteWindow({ returnPolicyCategory: "MerchantReturnNotPermitted" }, context)).toBe(true);
  });

  test("isNotAggregateOffer", () => {
    expect(PREDICATES.isNotAggregateOffer({ "@type": "Offer" }, context)).toBe(true);
    expect(PREDICATES.isNotAggregateOffer({ "@type": "AggregateOffer" }, context)).toBe(false);
  });

  test("quizOfFlashcards and quizOfPracticeProblems tell the two Quiz forms apart", () => {
    const flashcards = { hasPart: { "@type": "Question", eduQuestionType: "Flashcard" } };
    const practice = { hasPart: [{ "@type": "Question", eduQuestionType: "Multiple choice" }] };
    expect([PREDICATES.quizOfFlashcards(flashcards, context), PREDICATES.quizOfPracticeProblems(flashcards, context)]).toEqual([true, false]);
    expect([PREDICATES.quizOfFlashcards(practice, context), PREDICATES.quizOfPracticeProblems(practice, context)]).toEqual([false, true]);
  });

  test("typedAlsoLearningResource", () => {
    expect(PREDICATES.typedAlsoLearningResource({ "@type": ["MathSolver", "LearningResource"] }, context)).toBe(true);
    expect(PREDICATES.typedAlsoLearningResource({ "@type": "MathSolver" }, context)).toBe(false);
  });

  test("listsCarouselItems: recipes, courses, restaurants or movies, in ListItems or directly", () => {
    expect(PREDICATES.listsCarouselItems({ itemListElement: { "@type": "ListItem", item: { "@type": "Restaurant" } } }, context)).toBe(true);
    expect(PREDICATES.listsCarouselItems({ itemListElement: [{ "@type": "Movie", name: "Up" }] }, context)).toBe(true);
    expect(PREDICATES.listsCarouselItems({ itemListElement: { "@type": "ListItem", item: { "@type": "Product" } } }, context)).toBe(false);
    expect(PREDICATES.listsCarouselItems({ itemListElement: { "@type": "ListItem", url: "https://a/" } }, context)).toBe(false);
  });

  test("notAccessibleForFree reads false as a boolean or as text", () => {
    expect(PREDICATES.notAccessibleForFree({ isAccessibleForFree: false }, context)).toBe(true);
    expect(PREDICATES.notAccessibleForFree({ isAccessibleForFree: "False" }, context)).toBe(true);
    expect(PREDICATES.notAccessibleForFree({ isAccessibleForFree: true }, context)).toBe(false);
    expect(PREDICATES.notAccessibleForFree({}, context)).toBe(false);
  });

  test("atLeastEightImages", () => {
    expect(PREDICATES.atLeastEightImages({ image: Array.from({ length: 8 }, (_, index) => `https://a/${index}.jpg`) }, context)).toBe(true);
    expect(PREDICATES.atLeastEightImages({ image: ["https://a/1.jpg", "https://a/2.jpg"] }, context)).toBe(false);
  });
});
