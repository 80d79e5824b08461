import type { Db } from "../store/database.ts";
import type { ReportSubject } from "./report-subject.ts";
import { runningScan, type RunningScan } from "./running-scan.ts";

/**
 * The running scan of a subject, remembered for a moment. The report endpoint answers polls from
 * memory; asking the queue on every 200 would cost each poll a query. Pollers wait 1-2 seconds
 * between requests, so an answer up to `maxAgeMs` old shows the same step they would have seen.
 * The promise itself is kept, so polls that arrive while the query runs share it.
 */
export class RunningScanMemo {
  private readonly entries = new Map<string, { at: number; running: Promise<RunningScan | null> }>();

  constructor(
    private readonly db: Db,
    private readonly maxAgeMs = 250,
    private readonly capacity = 1024,
  ) {}

  get(subject: ReportSubject): Promise<RunningScan | null> {
    const now = performance.now();
    const key = subject.page === undefined ? subject.domain : `${subject.domain} ${subject.page ?? ""}`;
    const entry = this.entries.get(key);
    if (entry && now - entry.at < this.maxAgeMs) return entry.running;
    const running = runningScan(this.db, subject);
    if (!entry && this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { at: now, running });
    return running;
  }
}
