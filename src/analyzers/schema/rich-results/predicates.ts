import { hasTypeOf, isEnumerationValue, isNode, type JudgeContext, type JudgedNode, presentValues, textOf, typesOf, valuesOf } from "./node-values.ts";

/**
 * The rules Google states that a property list cannot say ("at least two ListItems", "not an
 * online-only event"). Each predicate is named, so the rule files stay data, and tested on its own.
 * A predicate about a property that is missing holds: the presence check reports the absence once.
 */

export type Predicate = (node: JudgedNode, context: JudgeContext) => boolean;

/** A breadcrumb trail shows a path: Google needs two ListItems at least. */
function atLeastTwoListItems(node: JudgedNode): boolean {
  return presentValues(node, "itemListElement").length >= 2;
}

/** Every crumb but the last (the page itself) links to its page through `item`. */
function itemOnEveryListItemButLast(node: JudgedNode): boolean {
  const elements = presentValues(node, "itemListElement").filter(isNode);
  if (elements.length < 2) return true;
  const ordered = elements
    .map((element, index) => ({ element, order: Number(textOf(valuesOf(element, "position")[0]) ?? Number.NaN), index }))
    .sort((a, b) => (Number.isFinite(a.order) && Number.isFinite(b.order) ? a.order - b.order : a.index - b.index));
  return ordered.slice(0, -1).every(({ element }) => presentValues(element, "item").length > 0);
}

/** Google shows events people can attend in person: online-only events are not supported. */
function notOnlineOnly(node: JudgedNode, context: JudgeContext): boolean {
  if (valuesOf(node, "eventAttendanceMode").some((mode) => isEnumerationValue(mode, "OnlineEventAttendanceMode"))) return false;
  const locations = presentValues(node, "location");
  if (locations.length === 0) return true;
  return locations.some((location) => !isNode(location) || !hasTypeOf(location, ["VirtualLocation"], context));
}

/** Dataset Search reads descriptions of 50 to 5,000 characters. */
function descriptionOf50To5000Characters(node: JudgedNode): boolean {
  const descriptions = presentValues(node, "description").map(textOf).filter((text): text is string => text !== null);
  if (descriptions.length === 0) return true;
  return descriptions.some((text) => text.trim().length >= 50 && text.trim().length <= 5000);
}

/** A finite return window says how many days it lasts. */
function returnDaysForFiniteWindow(node: JudgedNode): boolean {
  const finite = valuesOf(node, "returnPolicyCategory").some((category) => isEnumerationValue(category, "MerchantReturnFiniteReturnWindow"));
  return !finite || presentValues(node, "merchantReturnDays").length > 0;
}

/** Merchant listings need one seller's Offer; an AggregateOffer only serves product snippets. */
function isNotAggregateOffer(node: JudgedNode, context: JudgeContext): boolean {
  return !hasTypeOf(node, ["AggregateOffer"], context);
}

function questionTypes(node: JudgedNode): string[] {
  return presentValues(node, "hasPart")
    .filter(isNode)
    .flatMap((question) => valuesOf(question, "eduQuestionType").map((value) => (textOf(value) ?? "").trim().toLowerCase()));
}

/** Education Q&A is the flashcard form of a Quiz. */
function quizOfFlashcards(node: JudgedNode): boolean {
  return questionTypes(node).includes("flashcard");
}

/** Practice problems were the multiple-choice and checkbox form of a Quiz. */
function quizOfPracticeProblems(node: JudgedNode): boolean {
  return questionTypes(node).some((type) => type === "multiple choice" || type === "checkbox");
}

/** A math solver is typed both MathSolver and LearningResource. */
function typedAlsoLearningResource(node: JudgedNode, context: JudgeContext): boolean {
  return typesOf(node).some((type) => context.isA(type, "LearningResource"));
}

const CAROUSEL_TYPES = ["Recipe", "Course", "Restaurant", "Movie"];

/** A host carousel lists recipes, courses, restaurants or movies (the all-in-one page form, items in the list). */
function listsCarouselItems(node: JudgedNode, context: JudgeContext): boolean {
  return presentValues(node, "itemListElement").some((element) => {
    const listed = isNode(element) && hasTypeOf(element, ["ListItem"], context) ? presentValues(element, "item")[0] : element;
    return hasTypeOf(listed, CAROUSEL_TYPES, context);
  });
}

/** Paywall markup describes content that is not free: `isAccessibleForFree` false. */
function notAccessibleForFree(node: JudgedNode): boolean {
  return valuesOf(node, "isAccessibleForFree").some((value) => (textOf(value) ?? "").trim().toLowerCase() === "false");
}

/** A vacation rental listing shows a gallery: Google asks for eight images at least. */
function atLeastEightImages(node: JudgedNode): boolean {
  const images = presentValues(node, "image");
  return images.length === 0 || images.length >= 8;
}

const DEFINITIONS = {
  atLeastTwoListItems,
  itemOnEveryListItemButLast,
  notOnlineOnly,
  descriptionOf50To5000Characters,
  returnDaysForFiniteWindow,
  isNotAggregateOffer,
  quizOfFlashcards,
  quizOfPracticeProblems,
  typedAlsoLearningResource,
  listsCarouselItems,
  notAccessibleForFree,
  atLeastEightImages,
} satisfies Record<string, Predicate>;

export type PredicateName = keyof typeof DEFINITIONS;

/** Every predicate takes the node and the type context, whether it uses the context or not. */
export const PREDICATES: Readonly<Record<PredicateName, Predicate>> = DEFINITIONS;

export function predicateHolds(name: PredicateName, node: JudgedNode, context: JudgeContext): boolean {
  return PREDICATES[name](node, context);
}
