import { heapStats } from "bun:jsc";

/**
 * The calling thread's heap, as a scan thread reports it to the pool: JavaScript objects and the memory
 * they hold outside the heap (array buffers, long strings). JavaScriptCore's heap size already counts
 * that extra memory; adding extraMemorySize to it, as this once did, counted every body twice, so a scan
 * that had read half its byte budget was ended for its memory.
 */
export function heapBytes(): number {
  return heapStats().heapSize;
}
