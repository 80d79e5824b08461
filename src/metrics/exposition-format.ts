/**
 * The pieces of the Prometheus text exposition format, version 0.0.4
 * (https://prometheus.io/docs/instrumenting/exposition_formats/): names, label sets, values and the
 * HELP and TYPE lines. Every metric family is written through these, so the escaping rules live in one place.
 */

export const EXPOSITION_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

export type MetricType = "counter" | "gauge" | "histogram";

const METRIC_NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;

export function assertMetricName(name: string): void {
  if (!METRIC_NAME.test(name)) throw new RangeError(`Not a valid metric name: ${JSON.stringify(name)}`);
}

/** Names starting with "__" are reserved for Prometheus itself. */
export function assertLabelNames(labelNames: readonly string[]): void {
  for (const name of labelNames) {
    if (!LABEL_NAME.test(name) || name.startsWith("__")) throw new RangeError(`Not a valid label name: ${JSON.stringify(name)}`);
  }
  if (new Set(labelNames).size !== labelNames.length) throw new RangeError(`Repeated label name in ${labelNames.join(", ")}`);
}

/** Inside a label value, backslash, double quote and line feed must be escaped. */
export function escapeLabelValue(value: string): string {
  return value.replace(/[\\"\n]/g, (character) => (character === "\n" ? "\\n" : `\\${character}`));
}

/** HELP text escapes only backslash and line feed. */
function escapeHelp(text: string): string {
  return text.replace(/[\\\n]/g, (character) => (character === "\n" ? "\\n" : "\\\\"));
}

/** `{a="x",b="y"}`, or nothing for a series without labels. */
export function labelSet(labelNames: readonly string[], labelValues: readonly string[]): string {
  if (labelNames.length === 0) return "";
  const pairs = labelNames.map((name, index) => `${name}="${escapeLabelValue(labelValues[index] ?? "")}"`);
  return `{${pairs.join(",")}}`;
}

/** Values are Go floats to the scraper: infinities and NaN have their own spellings. */
export function formatValue(value: number): string {
  if (Number.isNaN(value)) return "NaN";
  if (value === Infinity) return "+Inf";
  if (value === -Infinity) return "-Inf";
  return String(value);
}

export function familyHeader(name: string, help: string, type: MetricType): string {
  return `# HELP ${name} ${escapeHelp(help)}\n# TYPE ${name} ${type}\n`;
}
