/**
 * Prompts to start a watch with, from what the site says about itself in its latest scan: its name,
 * what it offers and where it is. A suggestion asks what a customer would ask an assistant, without
 * naming the brand where the point is to learn whether the assistant names it on its own; one checks
 * what the assistant says about the brand by name. Pure: the facts come from site-facts.ts.
 */
export interface SiteFacts {
  domain: string;
  /** The organisation's or site's name, or null. */
  name: string | null;
  /** What it offers, in its own words: the entity's description, or the homepage's meta description. */
  offers: string | null;
  /** A town or city from its address, or null. */
  locality: string | null;
}

export interface PromptSuggestion {
  name: string;
  prompt: string;
  group: string;
}

/** Offer text beyond this is cut at a word: prompts should read like a person's question. */
const OFFER_MAX_CHARS = 80;

export function suggestPrompts(facts: SiteFacts): PromptSuggestion[] {
  const name = clean(facts.name);
  const offer = shortOffer(facts.offers);
  const locality = clean(facts.locality);
  const suggestions: PromptSuggestion[] = [];
  if (offer) {
    suggestions.push({ name: "best-for-offer", prompt: `What are the best options for ${offer}?`, group: "discovery" });
    suggestions.push({ name: "recommend-offer", prompt: `Which company would you recommend for ${offer}, and why?`, group: "discovery" });
    if (locality) suggestions.push({ name: "offer-near-locality", prompt: `Where can I find ${offer} in ${locality}?`, group: "local" });
  }
  if (name) {
    suggestions.push({ name: "about-brand", prompt: `What is ${name} and what does it offer?`, group: "brand" });
    suggestions.push({ name: "brand-reviews", prompt: `Is ${name} any good? What do customers say about it?`, group: "brand" });
    suggestions.push({ name: "brand-alternatives", prompt: `What are the alternatives to ${name}?`, group: "comparison" });
  } else {
    suggestions.push({ name: "about-site", prompt: `What is ${facts.domain} and what does it offer?`, group: "brand" });
  }
  return suggestions;
}

function clean(text: string | null): string | null {
  if (text === null) return null;
  const trimmed = text.replace(/\s+/g, " ").trim();
  return trimmed.length === 0 || trimmed.length > 200 ? null : trimmed;
}

/** The first sentence of the offer, lower-cased at its start unless it starts with a name, cut at a word. */
function shortOffer(text: string | null): string | null {
  const trimmed = text?.replace(/\s+/g, " ").trim() ?? "";
  if (trimmed.length === 0) return null;
  let sentence = trimmed.split(/(?<=[.!?])\s/)[0]!.replace(/[.!?]+$/, "");
  if (sentence.length > OFFER_MAX_CHARS) sentence = sentence.slice(0, OFFER_MAX_CHARS).replace(/\s+\S*$/, "");
  if (sentence.length < 3) return null;
  const [first = "", second = ""] = [...sentence];
  // "Handmade furniture" → "handmade furniture"; "IKEA furniture" keeps its capitals.
  return second === second.toLowerCase() ? first.toLowerCase() + sentence.slice(first.length) : sentence;
}
