import { type FeatureRule, GOOGLE_DOCS } from "../rule-types.ts";

/** A math solver: typed MathSolver and LearningResource, with the action that solves an expression. */
export const MATH_SOLVER: FeatureRule = {
  id: "math-solver",
  feature: "Math solver",
  types: ["MathSolver"],
  documentation: `${GOOGLE_DOCS}/math-solvers`,
  checked: "2026-11-23",
  status: { state: "active" },
  required: [
    {
      holds: "typedAlsoLearningResource",
      property: "@type",
      label: "typed MathSolver and LearningResource",
      advice: 'Give the item both types: "@type": ["MathSolver", "LearningResource"].',
    },
    "url",
    { property: "usageInfo", advice: "the URL of the page with the solver's usage policy" },
    {
      property: "potentialAction",
      advice: "a SolveMathAction",
      each: { required: [{ property: "target", advice: "the URL template that solves {math_expression_string}" }, "mathExpression-input"], recommended: ["eduQuestionType"] },
    },
  ],
  recommended: ["inLanguage", "learningResourceType", "assesses", "name"],
};
