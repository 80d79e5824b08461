/**
 * A value read from somewhere slow (a database round trip), kept for a moment and renewed ahead of
 * time: younger than `refreshAfterMs` it is served as is; between that and `maxAgeMs` it is still
 * served while one read renews it in the background; from `maxAgeMs` on (or before the first read)
 * the caller waits for the read. Under steady traffic nobody waits, and no answer is ever older
 * than `maxAgeMs` plus one read. Callers that arrive while a read runs share it.
 */
export class RefreshAhead<T> {
  private value: { data: T; at: number } | null = null;
  private reading: Promise<T> | null = null;

  constructor(
    private readonly read: () => Promise<T>,
    private readonly refreshAfterMs: number,
    private readonly maxAgeMs: number,
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(): T | Promise<T> {
    const age = this.value === null ? Infinity : this.clock() - this.value.at;
    if (age < this.refreshAfterMs) return this.value!.data;
    const reading = this.reading ?? this.startRead();
    return age < this.maxAgeMs ? this.value!.data : reading;
  }

  private startRead(): Promise<T> {
    const startedAt = this.clock();
    const reading = this.read().then(
      (data) => {
        // Dated by when the read began: whatever changed after that may not be in it.
        this.value = { data, at: startedAt };
        this.reading = null;
        return data;
      },
      (error: unknown) => {
        this.reading = null;
        throw error;
      },
    );
    // A background read's failure is the next waiting caller's to see, not an unhandled rejection.
    reading.catch(() => {});
    this.reading = reading;
    return reading;
  }
}
