/**
 * The series of one metric family, found by their label values with one Map lookup per label and no
 * allocation once a series exists: the request path records into these on every request, so the
 * cost must stay a few lookups. Nested maps keep any two distinct lists of values apart, whatever
 * characters they contain, which a joined string key could not promise.
 */
export interface Series<S> {
  labelValues: readonly string[];
  state: S;
}

export class SeriesMap<S> {
  private readonly root = new Map<string, unknown>();
  /** Every series in the order it first appeared, for rendering. */
  readonly all: Series<S>[] = [];
  private readonly labelCount: number;
  private readonly create: () => S;

  constructor(labelCount: number, create: () => S) {
    this.labelCount = labelCount;
    this.create = create;
  }

  get(labelValues: readonly string[]): S {
    if (labelValues.length !== this.labelCount) {
      throw new RangeError(`Expected ${this.labelCount} label values, got ${labelValues.length}.`);
    }
    // A family without labels has one series, kept under the empty string.
    let level = this.root;
    const last = this.labelCount - 1;
    for (let index = 0; index < last; index++) {
      const value = labelValues[index]!;
      let next = level.get(value) as Map<string, unknown> | undefined;
      if (next === undefined) {
        next = new Map();
        level.set(value, next);
      }
      level = next;
    }
    const leafKey = last < 0 ? "" : labelValues[last]!;
    const found = level.get(leafKey) as S | undefined;
    if (found !== undefined) return found;
    const state = this.create();
    level.set(leafKey, state);
    this.all.push({ labelValues: [...labelValues], state });
    return state;
  }
}
