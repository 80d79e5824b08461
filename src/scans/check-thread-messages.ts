import type { PastedMarkup } from "../analyzers/schema/check-pasted.ts";
import type { PastedKind } from "../analyzers/schema/detect-pasted.ts";
import type { PageContext } from "../web/page-context.ts";

/** What the serving thread sends a check thread (check-thread.ts), and what comes back. */
export type ToCheckThread =
  | {
      type: "check";
      pasted: PastedMarkup;
      /** SCHEMA_VOCABULARY, when the operator configured a release file. */
      vocabularyFile: string | undefined;
      /** What to answer with: the API's JSON, or the paste page showing the result (the form). */
      output: CheckOutputRequest;
      /** When the check started (ISO 8601), on the service's clock: the answer's `checkedAt`. */
      checkedAt: string;
      /** The CPUs scan work runs on (SCAN_CPUS, see scanCpuSet), checks too; null: any. */
      cpus: number[] | null;
    }
  /** Kept warm for the next check: collect the garbage of the last one meanwhile. */
  | { type: "idle" }
  /** Leave now: no further check comes (see retire in check-in-thread.ts). */
  | { type: "exit" };

/** The paste page is rendered with the page's context and the address the form held; its markup is the paste. */
export type CheckOutputRequest = { as: "json" } | { as: "page"; context: PageContext; url: string };

/**
 * The check's answer comes back as the response body, already serialised and encoded: the JSON of
 * POST /api/check's 200 (`{input, checkedAt, result}`), or the paste page's HTML, in UTF-8, its buffer
 * transferred. A large paste's result is tens of MB (6,000 items: 18.8 MB of JSON); received as an
 * object (a structured clone, walked) and stringified, it held the serving thread for up to a second,
 * and even a string costs the serving thread its UTF-8 encoding when sent (measured: 0.1-0.5 s for
 * 13 MB on 2 busy cores), while transferred bytes are sent as they are.
 */
export type FromCheckThread = { ok: true; kind: PastedKind; body: Uint8Array<ArrayBuffer> } | { ok: false; error: string };
