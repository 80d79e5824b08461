import { readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { parseVocabularyJsonLd } from "./parse-vocabulary-json-ld.ts";
import { parseVocabulary, releaseOfNQuads, type SchemaVocabulary } from "./parse-vocabulary.ts";

/**
 * A schema.org release file an operator downloaded (SCHEMA_VOCABULARY): JSON-LD (`.jsonld`) or N-Quads /
 * N-Triples (`.nq`, `.nt`), told apart by their first character rather than their name.
 */

export interface VocabularyFile {
  index: SchemaVocabulary;
  /** The release number, or null when neither the file nor its name says it. */
  release: string | null;
}

/** Fewer terms than this is not a schema.org release (30.0 has about 1,000 types and 1,500 properties). */
const MIN_TYPES = 100;
const MIN_PROPERTIES = 100;

/** Reads and indexes the file; throws an Error whose message says what is wrong with it. */
export function readVocabularyFile(path: string): VocabularyFile {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(code === "ENOENT" ? "the file does not exist" : code === "EISDIR" ? "it is a folder, not a file" : `the file cannot be read (${code ?? String(error)})`);
  }
  const parsed = parseText(text);
  const { types, properties } = parsed.index;
  if (!types.has("Thing") || types.size < MIN_TYPES || properties.size < MIN_PROPERTIES) {
    throw new Error(`it holds no schema.org vocabulary (${types.size} types and ${properties.size} properties found); give a release file from schema.org such as schemaorg-all-https.jsonld or schemaorg-current-https.nq`);
  }
  return { index: parsed.index, release: parsed.release ?? releaseOfFileName(path) };
}

/** Why `path` cannot serve as the vocabulary, or null when it can (SCHEMA_VOCABULARY's check at start). */
export function vocabularyFileProblem(path: string): string | null {
  try {
    readVocabularyFile(path);
    return null;
  } catch (error) {
    return `It cannot be used: ${error instanceof Error ? error.message : String(error)}.`;
  }
}

function parseText(text: string): { index: SchemaVocabulary; release: string | null } {
  const first = text.trimStart()[0];
  if (first === "{" || first === "[") {
    try {
      return parseVocabularyJsonLd(text);
    } catch (error) {
      throw new Error(`it is not readable as JSON-LD (${error instanceof Error ? error.message : String(error)})`);
    }
  }
  return { index: parseVocabulary(text), release: releaseOfNQuads(text) };
}

/**
 * schema.org publishes each release under /version/<release>/ with unversioned file names, and its JSON-LD
 * files do not state the release, so the folder or a name such as `schemaorg-all-https-30.0.jsonld` is the
 * remaining witness.
 */
export function releaseOfFileName(path: string): string | null {
  const fromName = /[-_ ]v?(\d{1,3}\.\d{1,2})\.(?:jsonld|json|nq|nt)$/i.exec(basename(path))?.[1];
  if (fromName) return fromName;
  return /^v?(\d{1,3}\.\d{1,2})$/i.exec(basename(dirname(path)))?.[1] ?? null;
}
