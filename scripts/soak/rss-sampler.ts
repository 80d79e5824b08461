import { processTreeMemory } from "../lib/process-memory.ts";
import type { RssSample } from "./soak-verdict.ts";

export interface RssWindow {
  /** Seconds since the sampler started, at the end of the window. */
  atSeconds: number;
  /** The lowest reading in the window: what is left after garbage collection, where a leak shows. */
  floorBytes: number;
  /** The highest reading in the window. */
  peakBytes: number;
}

/**
 * Reads a process's memory every second, its scan processes' included (SCAN_ISOLATION=process: the
 * server's RSS plus their PSS, see processTreeMemory; without them, its RSS), and sums it up per window
 * (10 s): its floor and its peak. A
 * garbage-collected heap swings by tens of MB within seconds, so a single reading every 10 s would
 * mostly measure where in that swing it landed; the floor of each window moves only when memory is
 * really kept.
 */
export class RssSampler {
  readonly windows: RssWindow[] = [];
  private readonly startedAt = performance.now();
  private readings: number[] = [];
  private readonly timer: ReturnType<typeof setInterval>;
  private lastWindowAt = 0;

  constructor(private readonly pid: number, private readonly windowMs: number) {
    this.timer = setInterval(() => this.read(), 1000);
  }

  private read(): void {
    this.readings.push(processTreeMemory(this.pid).footprintBytes);
    if (performance.now() - this.startedAt - this.lastWindowAt >= this.windowMs - 500) this.closeWindow();
  }

  private closeWindow(): void {
    if (this.readings.length === 0) return;
    const atMs = performance.now() - this.startedAt;
    this.windows.push({ atSeconds: atMs / 1000, floorBytes: Math.min(...this.readings), peakBytes: Math.max(...this.readings) });
    this.lastWindowAt = atMs;
    this.readings = [];
  }

  /** Takes a last reading, closes the open window, and stops. */
  stop(): void {
    clearInterval(this.timer);
    this.readings.push(processTreeMemory(this.pid).footprintBytes);
    this.closeWindow();
  }

  /** The floors, as the verdict reads them. */
  floors(): RssSample[] {
    return this.windows.map((window) => ({ atSeconds: window.atSeconds, rssBytes: window.floorBytes }));
  }
}
