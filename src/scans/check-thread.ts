/**
 * The entry point of a check thread (a Bun Worker, compiled into the executable as an extra entry
 * point): it analyses one paste of markup and posts back the result. A whole page of pasted HTML costs
 * seconds of parsing (5 MB: about 5 s), which must not hold up the thread that answers HTTP, as a
 * scan's parsing does not. It runs at a lower priority for the same reason as scan threads.
 */
import { setPriority } from "node:os";
import { checkPasted } from "../analyzers/schema/check-pasted.ts";
import { schemaVocabulary, useVocabularyFile } from "../analyzers/schema/vocabulary/vocabulary.ts";
import type { FromCheckThread, ToCheckThread } from "./check-thread-messages.ts";

declare const self: Worker;

if (process.platform === "linux") {
  try {
    setPriority(0, 10);
  } catch {
    // Not allowed here: the check then shares the CPU equally with HTTP.
  }
}

self.onmessage = (event: MessageEvent<ToCheckThread>) => {
  let answer: FromCheckThread;
  try {
    useVocabularyFile(event.data.vocabularyFile);
    answer = { ok: true, check: checkPasted(event.data.pasted, schemaVocabulary()) };
  } catch (caught) {
    answer = { ok: false, error: caught instanceof Error ? caught.message : String(caught) };
  }
  self.postMessage(answer);
};
