import { addressBucket } from "../limits/scan-limit-rules.ts";

/**
 * How many MCP calls may wait for a scan's record at once: a wait polls the store twice a second for up
 * to 25 seconds. Unbounded, 80 anonymous requests of 100 joined scan_site calls each held 8,000 waits
 * (the server grew from 70 to 280 MB and spent 17 s of CPU in 26 s). Past these, a call that started or
 * joined a scan answers at once with the scan's state, as it would when its wait ends.
 */
export const MAX_WAITS_PER_CLIENT = 2;
export const MAX_WAITS = 64;

export class ScanWaits {
  private readonly byClient = new Map<string, number>();
  private total = 0;

  constructor(
    private readonly perClient = MAX_WAITS_PER_CLIENT,
    private readonly all = MAX_WAITS,
  ) {}

  /**
   * A wait for `clientIp` (counted per address as the rate limits count it: an IPv6 /64 is one), or null
   * when that address, or everyone together, already waits as much as allowed. Call the release once.
   */
  take(clientIp: string): (() => void) | null {
    const client = addressBucket(clientIp);
    const held = this.byClient.get(client) ?? 0;
    if (held >= this.perClient || this.total >= this.all) return null;
    this.byClient.set(client, held + 1);
    this.total++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.total--;
      const left = (this.byClient.get(client) ?? 1) - 1;
      if (left <= 0) this.byClient.delete(client);
      else this.byClient.set(client, left);
    };
  }

  /** Waits held now (tests, metrics). */
  get waiting(): number {
    return this.total;
  }
}
