import { describe, expect, test } from "bun:test";
import { percentile, summarize } from "../../../scripts/lib/latency-stats.ts";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, index) => 100 - index); // 100 … 1, unsorted on purpose

  test("p50 and p99 of 1..100 are 50 and 99; p100 is the largest", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
  });

  test("with few samples, p99 is the slowest one: one slow request in ten shows", () => {
    expect(percentile([1, 1, 1, 1, 1, 1, 1, 1, 1, 900], 99)).toBe(900);
    expect(percentile([3], 50)).toBe(3);
  });

  test("no samples: NaN, never a made-up zero", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(summarize([]).max).toBeNaN();
  });

  test("summarize counts, and finds the max of a large array without spreading it", () => {
    const many = Array.from({ length: 300_000 }, (_, index) => index % 1000);
    expect(summarize(many)).toEqual({ count: 300_000, p50: 499, p99: 989, max: 999 });
  });
});
