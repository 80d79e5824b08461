import { boundedMemo } from "../../structured-data/bounded-memo.ts";
import { schemaOrgName } from "../../structured-data/json-ld-context.ts";

/**
 * schema.org terms are written many ways: `Product`, `schema:Product`, `https://schema.org/Product`,
 * `http://www.schema.org/Product`. This reduces each to the bare name, or says it is from elsewhere.
 */

const DEPRECATED_VOCABULARIES: Record<string, string> = {
  "data-vocabulary.org": "data-vocabulary.org was retired by Google in 2020; use schema.org",
};

export type ResolvedTerm =
  /** `qualified`: written as a schema.org IRI or `schema:` name, so it is schema.org's whatever the @context says. */
  | { ok: true; name: string; qualified: boolean }
  /** Another vocabulary's term; `retired` when that vocabulary is one search engines stopped reading. */
  | { ok: false; reason: string; retired: boolean };

/** Remembered per spelling: a large page writes the same few hundred terms over and over. Results are never changed. */
export const resolveTerm: (raw: string) => ResolvedTerm = boundedMemo(resolveTermOnce);

function resolveTermOnce(raw: string): ResolvedTerm {
  const term = raw.trim();
  const name = schemaOrgName(term);
  if (name !== null) return { ok: true, name, qualified: true };
  if (term.startsWith("schema:")) return { ok: true, name: term.slice("schema:".length), qualified: true };
  if (/^[a-z][\w+.-]*:/i.test(term)) {
    const host = /^https?:\/\/(?:www\.)?([^/]+)/i.exec(term)?.[1]?.toLowerCase();
    const deprecated = host ? DEPRECATED_VOCABULARIES[host] : undefined;
    if (deprecated) return { ok: false, reason: `"${term}" is not a schema.org term: ${deprecated}.`, retired: true };
    return { ok: false, reason: `"${term}" belongs to another vocabulary than schema.org, so it is not checked.`, retired: false };
  }
  return { ok: true, name: term, qualified: false };
}
