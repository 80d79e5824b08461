/**
 * Type names as people read them. A JSON-LD `@vocab` of `http://schema.org` (or `https://…`) without its
 * final slash makes a JSON-LD processor expand `NewsArticle` to `http://schema.orgNewsArticle`, an IRI
 * nobody meant; Google's parser reads it as the schema.org term all the same. Texts shown to people name
 * the term, and say once what happened and what to change.
 * @see https://www.w3.org/TR/json-ld11/#default-vocabulary
 */
const SLASHLESS_VOCAB = /^(https?:\/\/schema\.org)([A-Z][A-Za-z0-9]*)$/;

/** The schema.org term a type stands for, as Google reads it: `http://schema.orgNewsArticle` is NewsArticle. */
export function shownType(type: string): string {
  return SLASHLESS_VOCAB.exec(type)?.[2] ?? type;
}

/** Distinct shown names of a list of types, in order. */
export function shownTypes(types: readonly string[]): string[] {
  return [...new Set(types.map(shownType))];
}

/** What happened and what to change, when any of the types was expanded from a slash-less `@vocab`; null otherwise. */
export function slashlessVocabNote(types: readonly string[]): string | null {
  const expanded = types.map((type) => SLASHLESS_VOCAB.exec(type)).find((match) => match !== null);
  if (!expanded) return null;
  const [iri, vocab, term] = expanded;
  return `\`@vocab\` is \`${vocab}\` without its final slash, so JSON-LD reads \`${iri}\`; Google reads it as ${term}. Write \`"@vocab": "${vocab}/"\` (or \`"@context": "https://schema.org"\`) so that every reader gets ${term}.`;
}
