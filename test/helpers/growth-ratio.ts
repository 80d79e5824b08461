/**
 * How much longer a parser takes on an input `factor` times larger, measured in the same process one size
 * after the other, so a noisy machine slows both alike. A linear parser gives about `factor` (somewhat
 * more once the large input leaves the caches); a quadratic one about factor². Tests assert a bound on
 * this ratio, never a time. Each size is timed per call over batches of at least 10 ms, best of three,
 * so timer resolution and a stray pause on a fast, small input cannot make the ratio.
 */
export function growthRatio(run: (size: number) => unknown, size: number, factor: number): number {
  return perCall(run, size * factor) / perCall(run, size);
}

function perCall(run: (size: number) => unknown, size: number): number {
  run(size); // warm the JIT and build the input before timing
  let best = Number.POSITIVE_INFINITY;
  for (let batch = 0; batch < 3; batch++) {
    const start = performance.now();
    let calls = 0;
    do {
      run(size);
      calls++;
    } while (performance.now() - start < 10);
    best = Math.min(best, (performance.now() - start) / calls);
  }
  return best;
}
