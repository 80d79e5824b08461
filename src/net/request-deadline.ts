/**
 * One abort signal for a fetch that fires on whichever comes first: our own time limit or the
 * caller's signal. It remembers which one fired, so the error can say 'timeout' or 'aborted'.
 */
export interface RequestDeadline {
  signal: AbortSignal;
  /** Why the signal fired, or undefined while it has not. */
  readonly firedBy: "timeout" | "aborted" | undefined;
  /** Stops the timer and lets go of the caller's signal; call once the fetch is over. */
  dispose(): void;
}

export function startDeadline(timeoutMs: number, callerSignal?: AbortSignal): RequestDeadline {
  const controller = new AbortController();
  let firedBy: "timeout" | "aborted" | undefined;
  const fire = (reason: "timeout" | "aborted") => {
    if (firedBy) return;
    firedBy = reason;
    controller.abort(new Error(reason === "timeout" ? `timed out after ${timeoutMs} ms` : "aborted by the caller"));
  };
  const onCallerAbort = () => fire("aborted");
  const timer = setTimeout(() => fire("timeout"), timeoutMs);
  if (callerSignal?.aborted) fire("aborted");
  else callerSignal?.addEventListener("abort", onCallerAbort, { once: true });

  return {
    signal: controller.signal,
    get firedBy() {
      return firedBy;
    },
    dispose() {
      clearTimeout(timer);
      callerSignal?.removeEventListener("abort", onCallerAbort);
    },
  };
}
