import { describe, expect, test } from "bun:test";
import { isQuestionHeading } from "../../../../src/analyzers/visibility/derive/question-heading.ts";

const cases: [lang: string | null, heading: string, question: boolean][] = [
  // A question mark says so in any language, also before an answer; not one inside a URL.
  ["en", "How to bake sourdough?", true],
  ["en", "Is BGP safe yet? No.", true],
  ["zh", "为什么选择我们？", true],
  ["es", "¿Hacen envíos", true],
  ["en", "See example.com/page?id=1", false],
  // English: inversion or a yes/no opening asks; the same words as a statement do not.
  ["en", "What we bake", false],
  ["en", "How we bake", false],
  ["en", "How to bake sourdough", false],
  ["en", "What to read next", false],
  ["en", "Why nearly half of Canadians skip travel insurance", false],
  ["en", "Comment on this article", false],
  ["en", "Do more with less", false],
  ["en", "What is sourdough", true],
  ["en", "What's in the box", true],
  ["en", "How long does the dough rise", true],
  ["en", "Which flour is best for bread", true],
  ["en", "What we are", false],
  ["en", "Do you deliver on Sundays", true],
  ["en-GB", "Can I freeze the bread", true],
  // German: verb second asks, verb last states.
  ["de", "Was backen wir", true],
  ["de", "Was wir backen", false],
  ["de", "Wie funktioniert die Lieferung", true],
  ["de", "Wie die Entgeltumwandlung genau funktioniert", false],
  ["de", "Warum Mangos und Papayas jetzt teurer sind", false],
  ["de", "Welche Brote backen wir", true],
  ["de-AT", "Gibt es glutenfreies Brot", true],
  // French: inversion, est-ce que, or a verb after the interrogative.
  ["fr", "Qui sommes-nous", true],
  ["fr", "Qui nous sommes", false],
  ["fr", "Comment fonctionne la livraison", true],
  ["fr", "Comment nous travaillons", false],
  ["fr", "Est-ce que vous livrez le dimanche", true],
  ["fr", "Qu'est-ce que le levain", true],
  // Spanish and Italian keep the accent in statements: only a third-person verb asks.
  ["es", "Quiénes somos", false],
  ["es", "Qué es la masa madre", true],
  ["es", "Cómo funciona el envío", true],
  ["it", "Chi siamo", false],
  ["it", "Cos'è il lievito madre", true],
  ["it", "Come funziona la consegna", true],
  // Dutch: a subject after the interrogative states.
  ["nl", "Wat wij doen", false],
  ["nl", "Hoe werkt de bezorging", true],
  ["nl", "Wat zijn de kosten", true],
  ["nl", "Kan ik online bestellen", true],
  // Japanese: か, とは, or an interrogative closed by の.
  ["ja", "AI検索とは", true],
  ["ja", "なぜ将棋に勝てるのか", true],
  ["ja", "私たちについて", false],
  ["ja", "パンの作り方", false],
  // A language without a grammar here counts question marks only.
  ["pl", "Jak pieczemy chleb", false],
];

describe("isQuestionHeading", () => {
  test.each(cases)("%s: %s → %p", (lang, heading, question) => {
    expect(isQuestionHeading(heading, lang)).toBe(question);
  });

  test("without a declared language every grammar is tried, and statements still do not count", () => {
    expect(isQuestionHeading("How does delivery work", null)).toBe(true);
    expect(isQuestionHeading("Wie funktioniert das", null)).toBe(true);
    expect(isQuestionHeading("What we bake", null)).toBe(false);
    expect(isQuestionHeading("Come and see us", null)).toBe(false);
  });
});
