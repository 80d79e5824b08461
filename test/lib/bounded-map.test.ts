import { describe, expect, test } from "bun:test";
import { BoundedMap } from "../../src/lib/bounded-map.ts";

describe("BoundedMap", () => {
  test("keeps at most its capacity, forgetting the oldest key first", () => {
    const map = new BoundedMap<string, number>(3);
    for (const [index, key] of ["a", "b", "c", "d", "e"].entries()) map.set(key, index);
    expect(map.size).toBe(3);
    expect([...map.keys()]).toEqual(["c", "d", "e"]);
    expect(map.get("a")).toBeUndefined();
    expect(map.get("e")).toBe(4);
  });

  test("setting a key it holds replaces the value and forgets nothing", () => {
    const map = new BoundedMap<string, number>(2);
    map.set("a", 1).set("b", 2).set("a", 3);
    expect([...map.entries()]).toEqual([
      ["a", 3],
      ["b", 2],
    ]);
  });

  test("stays bounded under many distinct keys, as keys that come from requests are", () => {
    const map = new BoundedMap<number, number>(100);
    for (let key = 0; key < 10_000; key++) map.set(key, key);
    expect(map.size).toBe(100);
    expect(map.has(9_999) && !map.has(9_899)).toBe(true);
    map.delete(9_999);
    map.clear();
    expect(map.size).toBe(0);
  });
});
