import { assertLabelNames, assertMetricName, familyHeader, formatValue, labelSet } from "./exposition-format.ts";
import { SeriesMap } from "./series-map.ts";

/** A monotonically increasing count per set of label values. */
export class Counter {
  readonly name: string;
  readonly help: string;
  readonly labelNames: readonly string[];
  private readonly series: SeriesMap<{ value: number }>;

  constructor(name: string, help: string, labelNames: readonly string[] = []) {
    assertMetricName(name);
    assertLabelNames(labelNames);
    this.name = name;
    this.help = help;
    this.labelNames = labelNames;
    this.series = new SeriesMap(labelNames.length, () => ({ value: 0 }));
  }

  inc(labelValues: readonly string[] = [], by = 1): void {
    if (!(by >= 0)) throw new RangeError(`${this.name}: a counter only goes up (given ${by}).`);
    this.series.get(labelValues).value += by;
  }

  /** The family in the text format; a counter without labels shows 0 before its first increment. */
  render(): string {
    if (this.labelNames.length === 0) this.series.get([]);
    let text = familyHeader(this.name, this.help, "counter");
    for (const { labelValues, state } of this.series.all) {
      text += `${this.name}${labelSet(this.labelNames, labelValues)} ${formatValue(state.value)}\n`;
    }
    return text;
  }
}
