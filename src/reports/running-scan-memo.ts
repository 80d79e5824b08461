import type { Db } from "../store/database.ts";
import { activeJobsSignature } from "../store/jobs-repo.ts";
import type { ReportSubject } from "./report-subject.ts";
import { runningScan, type RunningScan } from "./running-scan.ts";

/**
 * The running scan of a subject, remembered. The report endpoint answers polls from memory; asking
 * the queue on every 200 would cost each poll a query, and on PostgreSQL a round trip.
 *
 * One read of the active jobs' signature (their count and latest change), at most every
 * `checkEveryMs`, stands for every subject: while it is unchanged no job was queued, claimed,
 * advanced or finished, so every remembered answer still holds. When it changes, each subject is
 * asked again on its next poll. Pollers wait 1-2 seconds between requests, so they see a new step
 * within `checkEveryMs` of it being written, on this instance or any other. `maxAgeMs` bounds how
 * long an answer is trusted on the signature alone. Polls that arrive while a query runs share it.
 */
export class RunningScanMemo {
  private readonly entries = new Map<string, { signature: string; at: number; running: Promise<RunningScan | null> }>();
  private signature: { value: Promise<string>; at: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly checkEveryMs = 200,
    private readonly maxAgeMs = 5000,
    private readonly capacity = 1024,
  ) {}

  async get(subject: ReportSubject): Promise<RunningScan | null> {
    const now = performance.now();
    const signature = await this.currentSignature(now);
    const entry = this.entries.get(subject.domain);
    if (entry && entry.signature === signature && now - entry.at < this.maxAgeMs) return entry.running;
    const running = runningScan(this.db, subject);
    if (!entry && this.entries.size >= this.capacity) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(subject.domain, { signature, at: now, running });
    // A failed look-up is not remembered: the next poll asks again.
    running.catch(() => this.entries.delete(subject.domain));
    return running;
  }

  private currentSignature(now: number): Promise<string> {
    if (this.signature && now - this.signature.at < this.checkEveryMs) return this.signature.value;
    const value = activeJobsSignature(this.db);
    const read = { value, at: now };
    this.signature = read;
    value.catch(() => {
      if (this.signature === read) this.signature = null;
    });
    return value;
  }
}
