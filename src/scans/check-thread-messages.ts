import type { PastedCheck, PastedMarkup } from "../analyzers/schema/check-pasted.ts";

/** What the serving thread sends a check thread (check-thread.ts), and what comes back. */
export interface ToCheckThread {
  pasted: PastedMarkup;
  /** SCHEMA_VOCABULARY, when the operator configured a release file. */
  vocabularyFile: string | undefined;
}

export type FromCheckThread = { ok: true; check: PastedCheck } | { ok: false; error: string };
