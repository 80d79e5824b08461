/**
 * A pure function of a string, remembered: the same few hundred terms (`name`, `https://schema.org/Product`)
 * are looked up hundreds of thousands of times on a large page. Bounded, because the terms come from
 * pages: past `maxEntries` the memory starts over, and long strings are never kept.
 */
export function boundedMemo<T>(compute: (key: string) => T, maxEntries = 20_000, maxKeyLength = 200): (key: string) => T {
  let remembered = new Map<string, T>();
  return (key: string): T => {
    const known = remembered.get(key);
    if (known !== undefined || remembered.has(key)) return known as T;
    const value = compute(key);
    if (key.length <= maxKeyLength) {
      if (remembered.size >= maxEntries) remembered = new Map();
      remembered.set(key, value);
    }
    return value;
  };
}
