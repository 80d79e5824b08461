import { Counter } from "./counter.ts";
import { Histogram } from "./histogram.ts";
import { renderGauge, type ScrapeGauge } from "./scrape-gauge.ts";

/**
 * The metric families of one process, rendered together for a scrape. Counters and histograms are
 * kept here as events happen; gauges are read at scrape time from the callbacks given to `render`,
 * so that the registry itself holds no database handle.
 */
export class MetricsRegistry {
  private readonly families: (Counter | Histogram)[] = [];
  private readonly names = new Set<string>();

  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    return this.add(new Counter(name, help, labelNames));
  }

  histogram(name: string, help: string, labelNames: readonly string[], bounds: readonly number[]): Histogram {
    return this.add(new Histogram(name, help, labelNames, bounds));
  }

  /** Every family in the text format. Gauges are read in parallel; one that fails fails the scrape. */
  async render(gauges: readonly ScrapeGauge[] = []): Promise<string> {
    for (const gauge of gauges) this.assertFree(gauge.name);
    const samples = await Promise.all(gauges.map((gauge) => gauge.collect()));
    return this.families.map((family) => family.render()).join("") + gauges.map((gauge, index) => renderGauge(gauge, samples[index]!)).join("");
  }

  private add<F extends Counter | Histogram>(family: F): F {
    this.assertFree(family.name);
    this.names.add(family.name);
    this.families.push(family);
    return family;
  }

  private assertFree(name: string): void {
    if (this.names.has(name)) throw new RangeError(`A metric named ${name} exists already.`);
  }
}
