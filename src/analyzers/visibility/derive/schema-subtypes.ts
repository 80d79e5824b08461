import { schemaVocabulary } from "../../schema/vocabulary/vocabulary.ts";

/**
 * Every current schema.org type that is one of `roots` or a subtype of one, sorted: "Organization" gives
 * Organization, LocalBusiness, Bakery, Dentist … (about 190 types). Retired types (those with a
 * supersededBy) are left out, since a page should not be told they fit.
 *
 * Meant to be imported as a Bun macro (`with { type: "macro" }`): the call runs when the code is bundled
 * (`bun build --compile`) or transpiled (`bun test`, `bun src/main.ts`), and its result is written into
 * the code as an array literal. The 2.6 MB vocabulary is read and indexed at build time only, so the
 * audits stay pure functions of static data and a visibility service never loads the vocabulary
 * (measured in docs/visibility-audits.md, "Schema type families"). Called at run time it works the same,
 * at the cost of loading the vocabulary once per process.
 */
export function schemaSubtypes(...roots: string[]): string[] {
  const vocabulary = schemaVocabulary();
  const unknown = roots.filter((root) => !vocabulary.hasType(root));
  // A misspelt root would silently yield an empty family and break the build's meaning, not its compile.
  if (unknown.length > 0) throw new Error(`schemaSubtypes: not schema.org types: ${unknown.join(", ")}`);
  const found: string[] = [];
  for (const type of vocabulary.typeNames()) {
    if (vocabulary.supersededBy(type) !== null) continue;
    if (roots.some((root) => vocabulary.isA(type, root))) found.push(type);
  }
  return found.sort();
}
