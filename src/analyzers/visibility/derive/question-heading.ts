import type { HtmlDocument } from "../../structured-data/html-document.ts";

/**
 * Is a heading a question? A question mark says so in every language (also ？, ¿ and ؟). Without one, only
 * the interrogative forms of the page's language count: an interrogative word followed by the inverted
 * verb ("How does it work", "Wie funktioniert das", "Qui sommes-nous"), or a yes/no question that opens
 * with its verb and a subject ("Do you deliver"). The same words as a statement do not: "What we bake",
 * "How we bake", "How to bake bread", "Was wir backen", "Ce que nous faisons", "Quiénes somos".
 */

interface Grammar {
  /** Interrogative words and phrases that open a question, longest first within the pattern. */
  wh: RegExp;
  /** Whether the words after the interrogative make it a question (verb second) rather than a statement (subject next). */
  asks(rest: string[], opening: string, heading: string): boolean;
  /** A yes/no question opening with its verb: that verb and the subject after it. */
  yesNo?: RegExp;
}

const word = (pattern: string) => new RegExp(`^(?:${pattern})$`, "i");

const EN_AUX = word("is|are|was|were|am|do|does|did|can|could|should|would|will|shall|may|might|must|has|have|had");
const EN_SUBJECT = word("i|you|we|they|he|she|it|to|us|me|them");
const DE_NOT_VERB = word(
  "wir|ich|du|er|sie|es|man|ihr|uns|euch|ihn|ihm|ihnen|mich|dich|mir|dir|alles|das|der|die|den|dem|des|ein|eine|einen|einem|einer|unser|unsere|euer|eure|mein|meine|dein|deine|sein|seine|ihre|zu|und|oder",
);
const NL_NOT_VERB = word("wij|we|ik|jij|je|u|hij|zij|ze|het|men|jullie|ons|de|een|onze|mijn|jouw|uw|te|en|of");
const FR_SUBJECT = word("je|j|tu|il|elle|on|nous|vous|ils|elles|ça|cela|ce|c|le|la|les|l|un|une|notre|nos|mon|ma|mes");
/** Spanish and Italian keep the interrogative's accent in "Quiénes somos" and "Chi siamo": only a third-person verb after it asks. */
const ES_ASKS = word("es|son|está|están|estás|cuesta|cuestan|funciona|funcionan|puedo|puede|pueden|hay|debo|debe|necesito|necesita|significa|sirve|tarda|incluye|ofrece|elegir|hacer");
const IT_ASKS = word("è|sono|c'è|ci|costa|costano|funziona|funzionano|posso|può|possono|si|devo|deve|serve|servono|significa|scegliere|fare|offre|include");

const GRAMMARS: Record<string, Grammar> = {
  en: {
    wh: /^(what's|what|who's|who|whom|whose|which|when's|when|where's|where|why|how's|how)(?:\s+(?:much|many|long|often|far|old|big|soon))?(?=[\s,]|$)/i,
    asks: (rest, opening) => {
      // "What's in the box", "How's it made": the contraction is the verb.
      if (/'s$/i.test(opening)) return true;
      if (rest[0] && EN_AUX.test(rest[0])) return true;
      // "Which flour is best", "What time does it open": one or two words of the asked-for thing, then the verb; never "What we are".
      const verb = rest.slice(1, 3).findIndex((token) => EN_AUX.test(token));
      return verb >= 0 && !rest.slice(0, verb + 1).some((token) => EN_SUBJECT.test(token));
    },
    yesNo: /^(?:is|are|was|were|do|does|did|can|could|should|would|will|shall|has|have)\s+(?:i|you|we|they|he|she|it|there|this|that|these|those|my|your|our|their|the|a|an)\b/i,
  },
  de: {
    wh: /^(wer|wen|wem|wessen|was|wann|woher|wohin|womit|wofür|wozu|worauf|worüber|wo|warum|wieso|weshalb|weswegen|wie\s+viele?|wieviel|wie\s+lange|wie|welche[rsnm]?)(?=[\s,]|$)/iu,
    // A finite verb second is lower-case ("Wie funktioniert das"); a capitalised noun ("Warum Sauerteig") or a subject ("Was wir backen") is not.
    // After "welche" the noun comes first: "Welche Brote backen wir".
    asks: (rest, opening) => {
      const verb = /^welche/i.test(opening) && rest[0] !== undefined && /^\p{Lu}/u.test(rest[0]) ? rest[1] : rest[0];
      return verb !== undefined && /^\p{Ll}/u.test(verb) && !DE_NOT_VERB.test(verb);
    },
    yesNo: /^(?:ist|sind|kann|können|kannst|gibt|hat|haben|muss|müssen|darf|dürfen|soll|sollte|sollten|wird|werden|brauche|brauchen|lohnt)\s+(?:ich|du|er|sie|es|man|wir|ihr|das|der|die|dein|mein|unser|ein|eine|sich)\b/i,
  },
  fr: {
    wh: /^(qu['’]est-ce|est-ce|qui|que|quoi|quand|où|pourquoi|comment|combien|quel|quelle|quels|quelles|lequel|laquelle)(?=[\s,]|$)/iu,
    // Inversion ("Qui sommes-nous", "Comment fonctionne-t-il") asks whatever comes first; a subject next ("Comment nous travaillons") states.
    asks: (rest, _opening, heading) => /-(?:t-)?(?:je|tu|il|elle|on|nous|vous|ils|elles)(?=[\s,]|$)/iu.test(heading) || (rest[0] !== undefined && !FR_SUBJECT.test(rest[0].replace(/['’].*$/, ""))),
  },
  es: {
    wh: /^(qué|quién|quiénes|cuándo|dónde|adónde|por\s+qué|cómo|cuál|cuáles|cuánto|cuánta|cuántos|cuántas)(?=\s|$)/i,
    asks: (rest) => rest[0] !== undefined && ES_ASKS.test(rest[0]),
  },
  it: {
    wh: /^(che\s+cos['’]è|cos['’]è|che\s+cosa|cosa|chi|che|come|dove|quando|perché|qual['’]è|quale|quali|quanto|quanta|quanti|quante)(?=\s|$)/i,
    asks: (rest, opening) => /è$/u.test(opening) || (rest[0] !== undefined && IT_ASKS.test(rest[0])),
  },
  nl: {
    wh: /^(waarom|wanneer|waar|wat|wie|hoe\s+lang|hoeveel|hoe|welke|welk)(?=[\s,]|$)/i,
    asks: (rest) => rest[0] !== undefined && !NL_NOT_VERB.test(rest[0]),
    yesNo: /^(?:is|zijn|kan|kun|kunt|kunnen|heeft|hebben|moet|moeten|mag|mogen|wordt|worden|doet|doen)\s+(?:ik|je|jij|u|we|wij|het|de|een|er|mijn|uw|jullie)\b/i,
  },
};

/** Japanese asks with a final か (です か, でしょうか), "〜とは" (what is …), or an interrogative word closed by の. */
const JA_QUESTION = /(?:か|とは)$|(?:なぜ|どうして|どうやって|どのように|どの|何|なに|いつ|どこ|誰|だれ|いくら|どれ).*の$/u;

export function isQuestionHeading(text: string, lang: string | null): boolean {
  const heading = text.normalize("NFC").replace(/\s+/g, " ").replaceAll("’", "'").trim();
  if (heading === "") return false;
  // A question mark closing a sentence, also before an answer ("Is BGP safe yet? No."); not one inside a URL.
  if (/[?？؟][)\]»"'”]*(?=\s|$)/u.test(heading) || heading.startsWith("¿")) return true;
  // "What's new:" and "How it works." end in punctuation that says nothing either way.
  const plain = heading.replace(/[\s.:!。：！…]+$/u, "");
  const language = (lang ?? "").toLowerCase().split(/[-_]/)[0] ?? "";
  if (language === "ja" || (language === "" && /[\u3040-\u30ff]/u.test(plain))) return JA_QUESTION.test(plain);
  const grammars = GRAMMARS[language] ? [GRAMMARS[language]!] : language === "" ? Object.values(GRAMMARS) : [];
  return grammars.some((grammar) => asksIn(grammar, plain));
}

function asksIn(grammar: Grammar, heading: string): boolean {
  if (grammar.yesNo?.test(heading)) return true;
  const opening = grammar.wh.exec(heading);
  if (!opening) return false;
  const rest = heading.slice(opening[0].length).split(/[\s,]+/).filter((token) => token !== "");
  return grammar.asks(rest, opening[0], heading);
}

/** The language a page declares on its root element, or null. */
export function documentLanguage(document: HtmlDocument): string | null {
  return document.documentElement?.getAttribute("lang")?.trim() || null;
}
