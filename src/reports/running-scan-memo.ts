import type { Db } from "../store/database.ts";
import { activeJobsSignature } from "../store/jobs-repo.ts";
import type { ReportSubject } from "./report-subject.ts";
import { runningScan, type RunningScan } from "./running-scan.ts";
import { RefreshAhead } from "../lib/refresh-ahead.ts";
import { BoundedMap } from "../lib/bounded-map.ts";

/**
 * The running scan of a subject, remembered. The report endpoint answers polls from memory; asking
 * the queue on every 200 would cost each poll a query, and on PostgreSQL a round trip.
 *
 * One read of the active jobs' signature (their count and latest change), at most every
 * `checkEveryMs` (renewed ahead of time under steady traffic, so no poll waits for it), stands for every subject: while it is unchanged no job was queued, claimed,
 * advanced or finished, so every remembered answer still holds. When it changes, each subject is
 * asked again on its next poll. Pollers wait 1-2 seconds between requests, so they see a new step
 * within `checkEveryMs` of it being written, on this instance or any other. `maxAgeMs` bounds how
 * long an answer is trusted on the signature alone. Polls that arrive while a query runs share it.
 */
export class RunningScanMemo {
  private readonly entries: BoundedMap<string, { signature: string; at: number; running: Promise<RunningScan | null> }>;
  private readonly signatures: RefreshAhead<string>;

  constructor(
    private readonly db: Db,
    checkEveryMs = 200,
    private readonly maxAgeMs = 5000,
    capacity = 1024,
  ) {
    this.entries = new BoundedMap(capacity);
    this.signatures = new RefreshAhead(() => activeJobsSignature(db), checkEveryMs * 0.75, checkEveryMs);
  }

  async get(subject: ReportSubject): Promise<RunningScan | null> {
    const now = performance.now();
    const signature = await this.signatures.get();
    // A page's subject (the schema service) is remembered apart from its domain's.
    const key = subject.page === undefined ? subject.domain : `${subject.domain} ${subject.page ?? ""}`;
    const entry = this.entries.get(key);
    if (entry && entry.signature === signature && now - entry.at < this.maxAgeMs) return entry.running;
    const running = runningScan(this.db, subject);
    this.entries.set(key, { signature, at: now, running });
    // A failed look-up is not remembered: the next poll asks again.
    running.catch(() => this.entries.delete(key));
    return running;
  }
}
