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
import { confineThisThread, lowerThisProcess, lowerThisThread } from "./thread-priority.ts";
import { confineScanProcess } from "../sandbox/confine-scan-process.ts";

declare const self: Worker;

/** A Worker of the serving process, or a check process of its own (SCAN_ISOLATION=process, check-host.ts) talking through the IPC channel. */
const isProcess = Bun.isMainThread;
if (isProcess) {
  if (!process.send) throw new Error("a check process needs the IPC channel the server opens: it is started by the server, not by hand");
  // The server stopped (or was killed and the kernel closed its end): nothing is left to check for.
  process.on("disconnect", () => process.exit(0));
  // Pasted markup is hostile input, parsed here as a scan process parses pages: the same boundary (docs/scan-boundary.md).
  const confinement = confineScanProcess();
  if (confinement.problem !== null) process.stderr.write(`sightline check process: not fully confined: ${confinement.problem}\n`);
  lowerThisProcess(null);
  process.on("message", (message) => handle(message as ToCheckThread));
} else {
  lowerThisThread();
  self.onmessage = (event: MessageEvent<ToCheckThread>) => handle(event.data);
}

let confinedTo: string | undefined;

function handle(message: ToCheckThread): void {
  // Leaving by itself costs the serving thread far less than being terminated (see retire in check-in-thread.ts).
  if (message.type === "exit") process.exit(0);
  // Kept for the next check: without this, a large paste's parsed page stays in this heap (measured: 130-260 MB of RSS) until the thread's GC gets to it.
  if (message.type === "idle") {
    Bun.gc(true);
    return;
  }
  confine(message.cpus);
  let answer: FromCheckThread;
  try {
    useVocabularyFile(message.vocabularyFile);
    const check = checkPasted(message.pasted, schemaVocabulary());
    const checked: CheckedMarkup = { input: check.kind, checkedAt: message.checkedAt, result: check.result, address: check.address };
    answer = { ok: true, kind: check.kind, body: new TextEncoder().encode(serialised(checked, message.pasted.text, message.output)) };
  } catch (caught) {
    answer = { ok: false, error: caught instanceof Error ? caught.message : String(caught) };
  }
  if (isProcess) {
    process.send!(answer);
    // What the parse left is given back before the next check, not when the heap next fills.
    Bun.gc(true);
    return;
  }
  // The body's buffer moves to the serving thread rather than being copied (see FromCheckThread).
  self.postMessage(answer, answer.ok ? [answer.body.buffer] : []);
}

/** Keeps this thread, or in a check process every thread of it, to the scans' CPUs (SCAN_CPUS), once per setting. */
function confine(cpus: number[] | null): void {
  if (!isProcess) return confineThisThread(cpus);
  const key = cpus?.join(",") ?? "";
  if (confinedTo === key) return;
  confinedTo = key;
  lowerThisProcess(cpus);
}

/** The answer's body, made here so that the serving thread has nothing to walk or encode (see FromCheckThread). */
function serialised(checked: CheckedMarkup, markup: string, output: CheckOutputRequest): string {
  if (output.as === "json") return JSON.stringify(checked);
  return renderPastePage(output.context, { markup, url: output.url, checked });
}
