/**
 * Every scan the soak starts, until its stored record appears. A domain is pending from the moment a
 * POST /api/scan answered 202 until GET /api/report shows a record other than the one it had before;
 * a pending domain is not submitted again, so that one record answers exactly one submission. What is
 * still pending after the drain is a lost scan.
 */
export class ScanTracker {
  /** The latest scannedAt seen per domain (null: none yet). */
  private readonly latest = new Map<string, string | null>();
  private readonly pending = new Map<string, { since: number; previous: string | null }>();
  submitted = 0;
  recorded = 0;
  readonly durationsMs: number[] = [];

  isPending(domain: string): boolean {
    return this.pending.has(domain);
  }

  /** Domains with a stored record: cache hits and report reads pick from these. */
  scannedDomains(): string[] {
    return [...this.latest].filter(([, scannedAt]) => scannedAt !== null).map(([domain]) => domain);
  }

  /** Called after a 202 for a domain that was not pending. */
  started(domain: string): void {
    this.submitted++;
    this.pending.set(domain, { since: Date.now(), previous: this.latest.get(domain) ?? null });
  }

  pendingDomains(): string[] {
    return [...this.pending.keys()];
  }

  /** What GET /api/report said about a pending domain: null when it has no record. */
  observed(domain: string, scannedAt: string | null): void {
    const scan = this.pending.get(domain);
    if (!scan || scannedAt === null || scannedAt === scan.previous) return;
    this.pending.delete(domain);
    this.latest.set(domain, scannedAt);
    this.recorded++;
    this.durationsMs.push(Date.now() - scan.since);
  }
}
