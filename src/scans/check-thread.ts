/**
 * The entry point of a check thread (a Bun Worker, compiled into the executable as an extra entry
 * point): it analyses pastes of markup, one at a time, and posts back each result; check-in-thread.ts
 * keeps it for the next paste a while, then asks it to leave. A whole page of pasted HTML costs
 * seconds of parsing (5 MB: about 5 s), which must not hold up the thread that answers HTTP, as a
 * scan's parsing does not. It runs at a lower priority for the same reason as scan threads.
 */
import { checkPasted } from "../analyzers/schema/check-pasted.ts";
import { schemaVocabulary, useVocabularyFile } from "../analyzers/schema/vocabulary/vocabulary.ts";
import { renderPastePage } from "../web/schema/paste-page.ts";
import type { CheckedMarkup } from "./check-api.ts";
import type { CheckOutputRequest, FromCheckThread, ToCheckThread } from "./check-thread-messages.ts";
import { confineThisThread, lowerThisThread } from "./thread-priority.ts";

declare const self: Worker;

lowerThisThread();

self.onmessage = (event: MessageEvent<ToCheckThread>) => {
  const message = event.data;
  // Leaving by itself costs the serving thread far less than being terminated (see retire in check-in-thread.ts).
  if (message.type === "exit") process.exit(0);
  // Kept for the next check: without this, a large paste's parsed page stays in this heap (measured: 130-260 MB of RSS) until the thread's GC gets to it.
  if (message.type === "idle") {
    Bun.gc(true);
    return;
  }
  confineThisThread(message.cpus);
  let answer: FromCheckThread;
  try {
    useVocabularyFile(message.vocabularyFile);
    const check = checkPasted(message.pasted, schemaVocabulary());
    const checked: CheckedMarkup = { input: check.kind, checkedAt: message.checkedAt, result: check.result, address: check.address };
    answer = { ok: true, kind: check.kind, body: new TextEncoder().encode(serialised(checked, message.pasted.text, message.output)) };
  } catch (caught) {
    answer = { ok: false, error: caught instanceof Error ? caught.message : String(caught) };
  }
  // The body's buffer moves to the serving thread rather than being copied (see FromCheckThread).
  self.postMessage(answer, answer.ok ? [answer.body.buffer] : []);
};

/** The answer's body, made here so that the serving thread has nothing to walk or encode (see FromCheckThread). */
function serialised(checked: CheckedMarkup, markup: string, output: CheckOutputRequest): string {
  if (output.as === "json") return JSON.stringify(checked);
  return renderPastePage(output.context, { markup, url: output.url, checked });
}
