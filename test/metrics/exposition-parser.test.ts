/** The tests' strict parser must itself refuse what a scraper would misread, or the format tests prove nothing. */
import { expect, test } from "bun:test";
import { parseExposition } from "./exposition-parser.ts";

const header = "# HELP m_total Help.\n# TYPE m_total counter\n";
const histogram = "# HELP h Help.\n# TYPE h histogram\n";

test.each([
  ["no final line feed", `${header}m_total 1`],
  ["a sample before its TYPE", "m_total 1\n"],
  ["an unknown escape", `${header}m_total{a="\\t"} 1\n`],
  ["an unescaped quote", `${header}m_total{a="x"y"} 1\n`],
  ["a repeated series", `${header}m_total{a="x"} 1\nm_total{a="x"} 2\n`],
  ["a value Go cannot parse", `${header}m_total Infinity\n`],
  ["buckets that fall", `${histogram}h_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 1\n`],
  ["a +Inf bucket unlike _count", `${histogram}h_bucket{le="1"} 1\nh_bucket{le="+Inf"} 1\nh_sum 1\nh_count 2\n`],
  ["no +Inf bucket", `${histogram}h_bucket{le="1"} 1\nh_sum 1\nh_count 1\n`],
])("refuses %s", (_name, text) => {
  expect(() => parseExposition(text)).toThrow();
});

test("reads a well-formed exposition", () => {
  const families = parseExposition(`${header}m_total{a="q\\"\\\\\\n"} 1.5\n${histogram}h_bucket{le="1"} 1\nh_bucket{le="+Inf"} 2\nh_sum 3\nh_count 2\n`);
  expect(families.get("m_total")?.samples).toEqual([{ name: "m_total", labels: { a: 'q"\\\n' }, value: 1.5 }]);
  expect(families.get("h")?.samples).toHaveLength(4);
});
