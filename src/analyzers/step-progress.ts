import type { ScanProgress } from "./analyzer.ts";

/**
 * Turns a gatherer's parallel tasks into ScanContext.progress updates. Each step is known up front (so
 * `total` is fixed and a bar never shrinks); a step counts as done the first time a task for it
 * settles, whether it succeeded or not, and a later retry of the same step (a refetch) shows it as
 * the current step again without counting it twice. The reported step is the newest one still running.
 */
export class StepProgress<TKey extends string> {
  private readonly finished = new Set<TKey>();
  /** Running tasks' steps, oldest first; a step appears once per running task. */
  private readonly running: TKey[] = [];
  /** How far a running step has got, shown after its name ("12 of 40 pages"). */
  private readonly details = new Map<TKey, string>();
  private lastStep: string;

  constructor(
    private readonly steps: Readonly<Record<TKey, string>>,
    private readonly report: ((update: ScanProgress) => void) | undefined,
  ) {
    this.lastStep = Object.values<string>(steps)[0] ?? "";
  }

  get total(): number {
    return Object.keys(this.steps).length;
  }

  /** Shows `key` as running until `work` settles. Returns `work` itself, so its result and errors are untouched. */
  track<T>(key: TKey, work: Promise<T>): Promise<T> {
    if (!this.report) return work;
    this.running.push(key);
    this.lastStep = this.steps[key];
    this.emit();
    const settle = () => {
      this.running.splice(this.running.indexOf(key), 1);
      this.details.delete(key);
      this.finished.add(key);
      this.emit();
    };
    work.then(settle, settle);
    return work;
  }

  /** Counts steps that will not run (the site could not be reached, or the step does not apply) as done. */
  skip(...keys: TKey[]): void {
    if (!this.report) return;
    for (const key of keys) this.finished.add(key);
    this.emit();
  }

  /** Says how far a running step has got ("12 of 40 pages"); shown while it is the newest running step. */
  detail(key: TKey, detail: string): void {
    if (!this.report || !this.running.includes(key)) return;
    this.details.set(key, detail);
    this.emit();
  }

  private emit(): void {
    const newest = this.running.at(-1);
    const detail = newest === undefined ? undefined : this.details.get(newest);
    const step = newest === undefined ? this.lastStep : detail ? `${this.steps[newest]} (${detail})` : this.steps[newest];
    try {
      this.report?.({ done: this.finished.size, total: this.total, step });
    } catch {
      // Progress is only shown to pollers: a failing reporter must never end the scan.
    }
  }
}
