import { describe, expect, test } from "bun:test";
import { computed } from "../../src/lib/computed.ts";

describe("computed", () => {
  test("derives once per input object, however often it is asked, and apart for each input", () => {
    let runs = 0;
    const length = computed((input: { text: string }) => {
      runs++;
      return input.text.length;
    });
    const first = { text: "abc" };
    const second = { text: "abcdef" };
    expect([length(first), length(first), length(second), length(first)]).toEqual([3, 3, 6, 3]);
    expect(runs).toBe(2);
  });

  test("remembers an undefined or null result as a result, not as a miss", () => {
    let runs = 0;
    const nothing = computed((_input: object): null | undefined => {
      runs++;
      return runs === 1 ? undefined : null;
    });
    const input = {};
    expect(nothing(input)).toBeUndefined();
    expect(nothing(input)).toBeUndefined();
    expect(runs).toBe(1);
  });

  test("keys on the input alone: later arguments are passed on, not compared", () => {
    const joined = computed((input: object, a: string, b: number) => `${a}${b}`);
    const input = {};
    expect(joined(input, "x", 1)).toBe("x1");
    expect(joined(input, "y", 2)).toBe("x1");
    expect(joined({}, "y", 2)).toBe("y2");
  });

  test("an input that throws is not remembered: the next call derives again", () => {
    let runs = 0;
    const flaky = computed((_input: object) => {
      runs++;
      if (runs === 1) throw new Error("first");
      return runs;
    });
    const input = {};
    expect(() => flaky(input)).toThrow("first");
    expect(flaky(input)).toBe(2);
    expect(flaky(input)).toBe(2);
  });
});
