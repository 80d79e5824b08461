import { assertLabelNames, assertMetricName, familyHeader, formatValue, labelSet } from "./exposition-format.ts";
import { SeriesMap } from "./series-map.ts";

interface HistogramState {
  /** Observations per bucket, not cumulative (the last slot is above every bound, +Inf); cumulated when rendered. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/** Observations counted into fixed buckets, with their sum and count, per set of label values. */
export class Histogram {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  readonly bounds: readonly number[];
  private readonly series: SeriesMap<HistogramState>;

  constructor(name: string, help: string, labelNames: readonly string[], bounds: readonly number[]) {
    assertMetricName(name);
    assertLabelNames(labelNames);
    // The scraper adds `le` itself; a label of that name would clash with it.
    if (labelNames.includes("le")) throw new RangeError(`${name}: "le" is reserved for histogram buckets.`);
    if (bounds.length === 0 || !bounds.every((bound, index) => Number.isFinite(bound) && (index === 0 || bound > bounds[index - 1]!))) {
      throw new RangeError(`${name}: bucket bounds must be finite and strictly increasing.`);
    }
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
    this.bounds = bounds;
    this.series = new SeriesMap(labelNames.length, () => ({ counts: new Float64Array(bounds.length + 1), sum: 0, count: 0 }));
  }

  observe(labelValues: readonly string[], value: number): void {
    const state = this.series.get(labelValues);
    // Buckets are few (about ten): a linear scan beats a binary search at this size.
    let index = 0;
    while (index < this.bounds.length && value > this.bounds[index]!) index++;
    state.counts[index]!++;
    state.sum += value;
    state.count++;
  }

  render(): string {
    let text = familyHeader(this.name, this.help, "histogram");
    const upperBounds = [...this.bounds.map(formatValue), "+Inf"];
    for (const { labelValues, state } of this.series.all) {
      const labels = labelSet(this.labelNames, labelValues);
      // The bucket's `le` goes after the series' own labels, inside the same braces.
      const prefix = labels === "" ? "{" : `${labels.slice(0, -1)},`;
      let cumulative = 0;
      for (let index = 0; index < upperBounds.length; index++) {
        cumulative += state.counts[index]!;
        text += `${this.name}_bucket${prefix}le="${upperBounds[index]}"} ${formatValue(cumulative)}\n`;
      }
      text += `${this.name}_sum${labels} ${formatValue(state.sum)}\n`;
      text += `${this.name}_count${labels} ${formatValue(state.count)}\n`;
    }
    return text;
  }
}
