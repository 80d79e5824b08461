import { assertLabelNames, assertMetricName, familyHeader, formatValue, labelSet } from "./exposition-format.ts";

/** One value of a gauge read at scrape time. */
export interface GaugeSample {
  labelValues: readonly string[];
  value: number;
}

/**
 * A gauge whose values are read when Prometheus scrapes (queue depth, memory…), through a callback,
 * rather than kept up to date on every change. An empty list of samples is a gauge with no value now.
 */
export interface ScrapeGauge {
  name: string;
  help: string;
  labelNames: readonly string[];
  collect: () => Promise<readonly GaugeSample[]> | readonly GaugeSample[];
}

export function scrapeGauge(gauge: ScrapeGauge): ScrapeGauge {
  assertMetricName(gauge.name);
  assertLabelNames(gauge.labelNames);
  return gauge;
}

export function renderGauge(gauge: ScrapeGauge, samples: readonly GaugeSample[]): string {
  let text = familyHeader(gauge.name, gauge.help, "gauge");
  for (const sample of samples) {
    if (sample.labelValues.length !== gauge.labelNames.length) {
      throw new RangeError(`${gauge.name}: expected ${gauge.labelNames.length} label values, got ${sample.labelValues.length}.`);
    }
    text += `${gauge.name}${labelSet(gauge.labelNames, sample.labelValues)} ${formatValue(sample.value)}\n`;
  }
  return text;
}
