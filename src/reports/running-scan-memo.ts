import type { Db } from "../store/database.ts";
import type { ReportSubject } from "./report-subject.ts";
import { runningScan, type RunningScan } from "./running-scan.ts";

/**
 * The running scan of a subject, remembered for a moment. The report endpoint answers polls from
 * memory; asking the queue on every 200 would cost each poll a query. Pollers wait 1-2 seconds
 * between requests, so an answer up to `maxAgeMs` old shows the same step they would have seen.
 *
 * Once a subject has an answer, an older one is still served while a single refresh runs in the
 * background: on PostgreSQL a query can wait 50–150 ms for a busy core, and no poll should wait with it.
 */
export class RunningScanMemo {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 250,
    private readonly capacity = 1024,
  ) {}

  get(subject: ReportSubject): Promise<RunningScan | null> {
    const now = performance.now();
    const entry = this.entries.get(subject.domain);
    if (entry && (now - entry.at < this.maxAgeMs || entry.refreshing)) return entry.answer;
    const fresh = runningScan(this.db, subject);
    if (!entry) {
      if (this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
      const created: Entry = { at: now, answer: fresh, refreshing: true };
      this.entries.set(subject.domain, created);
      void fresh.then(() => (created.refreshing = false), () => this.entries.delete(subject.domain));
      return fresh;
    }
    entry.refreshing = true;
    fresh.then(
      (running) => {
        entry.answer = Promise.resolve(running);
        entry.at = performance.now();
        entry.refreshing = false;
      },
      // A failed refresh keeps the last answer; the next poll tries again.
      () => (entry.refreshing = false),
    );
    return entry.answer;
  }
}

interface Entry {
  at: number;
  answer: Promise<RunningScan | null>;
  /** A query for this subject is under way: polls meanwhile get `answer` and start no other. */
  refreshing: boolean;
}
