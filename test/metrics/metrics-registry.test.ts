/** The text format as written by our registry, read back by a strict parser. */
import { describe, expect, test } from "bun:test";
import { MetricsRegistry } from "../../src/metrics/metrics-registry.ts";
import { escapeLabelValue, formatValue } from "../../src/metrics/exposition-format.ts";
import { scrapeGauge } from "../../src/metrics/scrape-gauge.ts";
import { parseExposition, sampleValue } from "./exposition-parser.ts";

describe("counters", () => {
  test("HELP and TYPE lines, one sample per set of label values, and 0 for an unlabelled counter never moved", async () => {
    const registry = new MetricsRegistry();
    const requests = registry.counter("test_requests_total", "Requests.", ["route", "status"]);
    registry.counter("test_idle_total", "Never moved.");
    requests.inc(["/a", "200"]);
    requests.inc(["/a", "200"]);
    requests.inc(["/a", "404"], 3);
    const text = await registry.render();
    expect(text).toStartWith("# HELP test_requests_total Requests.\n# TYPE test_requests_total counter\n");
    const families = parseExposition(text);
    expect(families.get("test_requests_total")?.type).toBe("counter");
    expect(sampleValue(families, "test_requests_total", "test_requests_total", { route: "/a", status: "200" })).toBe(2);
    expect(sampleValue(families, "test_requests_total", "test_requests_total", { route: "/a", status: "404" })).toBe(3);
    expect(families.get("test_requests_total")?.samples).toHaveLength(2);
    expect(families.get("test_idle_total")?.samples).toEqual([{ name: "test_idle_total", labels: {}, value: 0 }]);
  });

  test("a counter refuses to go down, and a wrong number of label values", () => {
    const counter = new MetricsRegistry().counter("test_total", "x", ["a"]);
    expect(() => counter.inc(["x"], -1)).toThrow(RangeError);
    expect(() => counter.inc(["x"], NaN)).toThrow(RangeError);
    expect(() => counter.inc([])).toThrow(RangeError);
    expect(() => counter.inc(["x", "y"])).toThrow(RangeError);
  });

  test("label values that a joined key would confuse stay separate series", async () => {
    const registry = new MetricsRegistry();
    const counter = registry.counter("test_pairs_total", "Pairs.", ["a", "b"]);
    counter.inc(["x\u0000y", "z"]);
    counter.inc(["x", "y\u0000z"]);
    counter.inc(["x,y", ""]);
    counter.inc(["x", ",y"]);
    const samples = parseExposition(await registry.render()).get("test_pairs_total")!.samples;
    expect(samples.map((sample) => sample.labels)).toEqual([
      { a: "x\u0000y", b: "z" },
      { a: "x", b: "y\u0000z" },
      { a: "x,y", b: "" },
      { a: "x", b: ",y" },
    ]);
    expect(samples.every((sample) => sample.value === 1)).toBe(true);
  });
});

describe("label escaping", () => {
  test("backslash, double quote and line feed are escaped, and read back to the original value", async () => {
    expect(escapeLabelValue('a\\b"c\nd')).toBe('a\\\\b\\"c\\nd');
    const registry = new MetricsRegistry();
    const counter = registry.counter("test_escaped_total", "Help with a \\ backslash\nand a second line.", ["value"]);
    const hostile = ['say "hi"', "back\\slash", "two\nlines", '\\"\n', "}{,=", "ünïcode ✓"];
    for (const value of hostile) counter.inc([value]);
    const text = await registry.render();
    expect(text).toContain("# HELP test_escaped_total Help with a \\\\ backslash\\nand a second line.\n");
    expect(text).toContain('test_escaped_total{value="say \\"hi\\""} 1\n');
    expect(text).toContain('test_escaped_total{value="two\\nlines"} 1\n');
    const family = parseExposition(text).get("test_escaped_total")!;
    expect(family.help).toBe("Help with a \\ backslash\nand a second line.");
    expect(family.samples.map((sample) => sample.labels.value)).toEqual(hostile);
  });
});

describe("histograms", () => {
  test("buckets are cumulative, end with +Inf equal to _count, and _sum adds the observations", async () => {
    const registry = new MetricsRegistry();
    const histogram = registry.histogram("test_seconds", "Durations.", ["route"], [0.1, 1, 10]);
    for (const value of [0.05, 0.1, 0.5, 2, 20, 30]) histogram.observe(["/a"], value);
    histogram.observe(["/b"], 1);
    const text = await registry.render();
    expect(text).toContain('test_seconds_bucket{route="/a",le="0.1"} 2\n');
    expect(text).toContain('test_seconds_bucket{route="/a",le="+Inf"} 6\n');
    const families = parseExposition(text);
    const bucket = (route: string, le: string) => sampleValue(families, "test_seconds", "test_seconds_bucket", { route, le });
    // An observation equal to a bound falls in that bound's bucket (le: less than or equal).
    expect(["0.1", "1", "10", "+Inf"].map((le) => bucket("/a", le))).toEqual([2, 3, 4, 6]);
    expect(["0.1", "1", "10", "+Inf"].map((le) => bucket("/b", le))).toEqual([0, 1, 1, 1]);
    expect(sampleValue(families, "test_seconds", "test_seconds_count", { route: "/a" })).toBe(6);
    expect(sampleValue(families, "test_seconds", "test_seconds_sum", { route: "/a" })).toBeCloseTo(52.65, 10);
  });

  test("an unlabelled histogram writes le as its only label", async () => {
    const registry = new MetricsRegistry();
    registry.histogram("test_plain_seconds", "Plain.", [], [1]).observe([], 3);
    const text = await registry.render();
    expect(text).toContain('test_plain_seconds_bucket{le="1"} 0\ntest_plain_seconds_bucket{le="+Inf"} 1\ntest_plain_seconds_sum 3\ntest_plain_seconds_count 1\n');
    parseExposition(text);
  });

  test("bounds must increase, and le is not a label of one's own", () => {
    const registry = new MetricsRegistry();
    expect(() => registry.histogram("test_a", "x", [], [])).toThrow(RangeError);
    expect(() => registry.histogram("test_b", "x", [], [1, 1])).toThrow(RangeError);
    expect(() => registry.histogram("test_c", "x", [], [1, Infinity])).toThrow(RangeError);
    expect(() => registry.histogram("test_d", "x", ["le"], [1])).toThrow(RangeError);
  });
});

describe("names and values", () => {
  test("invalid or repeated names are refused when the metric is made", () => {
    const registry = new MetricsRegistry();
    expect(() => registry.counter("1bad", "x")).toThrow(RangeError);
    expect(() => registry.counter("bad-name", "x")).toThrow(RangeError);
    expect(() => registry.counter("test_ok_total", "x", ["bad-label"])).toThrow(RangeError);
    expect(() => registry.counter("test_ok_total", "x", ["__reserved"])).toThrow(RangeError);
    expect(() => registry.counter("test_ok_total", "x", ["a", "a"])).toThrow(RangeError);
    registry.counter("test_ok_total", "x");
    expect(() => registry.counter("test_ok_total", "x")).toThrow(RangeError);
  });

  test("infinities and NaN are spelled as Go parses them", () => {
    expect([Infinity, -Infinity, NaN, 0, 1.5, 1e21, 1e-7].map(formatValue)).toEqual(["+Inf", "-Inf", "NaN", "0", "1.5", "1e+21", "1e-7"]);
  });

  test("gauges read at scrape time follow the counters, each with its own HELP and TYPE", async () => {
    const registry = new MetricsRegistry();
    registry.counter("test_events_total", "Events.");
    let reads = 0;
    const gauge = scrapeGauge({
      name: "test_depth",
      help: "Depth.",
      labelNames: ["state"],
      collect: async () => {
        reads++;
        return [{ labelValues: ["queued"], value: 4 }, { labelValues: ["running"], value: 1 }];
      },
    });
    const families = parseExposition(await registry.render([gauge]));
    expect(reads).toBe(1);
    expect(families.get("test_depth")?.type).toBe("gauge");
    expect(sampleValue(families, "test_depth", "test_depth", { state: "queued" })).toBe(4);
    expect(sampleValue(families, "test_depth", "test_depth", { state: "running" })).toBe(1);
    await expect(registry.render([scrapeGauge({ ...gauge, name: "test_events_total" })])).rejects.toThrow(RangeError);
  });
});
