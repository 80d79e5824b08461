import type { PastedCheck, PastedMarkup } from "../analyzers/schema/check-pasted.ts";

/** What the serving thread sends a check thread (check-thread.ts), and what comes back. */
export type ToCheckThread =
  | {
      type: "check";
      pasted: PastedMarkup;
      /** SCHEMA_VOCABULARY, when the operator configured a release file. */
      vocabularyFile: string | undefined;
    }
  /** Kept warm for the next check: collect the garbage of the last one meanwhile. */
  | { type: "idle" }
  /** Leave now: no further check comes (see retire in check-in-thread.ts). */
  | { type: "exit" };

export type FromCheckThread = { ok: true; check: PastedCheck } | { ok: false; error: string };
