/**
 * A small, strict reader of the Prometheus text format 0.0.4, written for the tests: it throws on
 * anything a scraper could misread (a sample before its TYPE, a bad escape, a repeated series, a
 * value Go would not parse, a histogram whose buckets do not add up), so a test that parses a
 * scrape checks the format as a whole.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: "counter" | "gauge" | "histogram" | "summary" | "untyped";
  help: string;
  samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const FLOAT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

export function parseExposition(text: string): Map<string, Family> {
  if (text !== "" && !text.endsWith("\n")) throw new Error("The exposition must end with a line feed.");
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  const lines = text === "" ? [] : text.slice(0, -1).split("\n");
  for (const [index, line] of lines.entries()) {
    const where = `line ${index + 1}: ${JSON.stringify(line)}`;
    if (line.startsWith("# HELP ")) readHelp(families, line.slice(7), where);
    else if (line.startsWith("# TYPE ")) readType(families, line.slice(7), where);
    else if (line.startsWith("#") || line.trim() === "") throw new Error(`Unexpected comment or blank line at ${where}`);
    else {
      const sample = readSample(line, where);
      const family = familyOfSample(families, sample.name);
      if (!family) throw new Error(`Sample without a TYPE line before it at ${where}`);
      const key = `${sample.name}${JSON.stringify(Object.entries(sample.labels).sort())}`;
      if (seen.has(key)) throw new Error(`Repeated series at ${where}`);
      seen.add(key);
      family.samples.push(sample);
    }
  }
  for (const family of families.values()) if (family.type === "histogram") checkHistogram(family);
  return families;
}

function readHelp(families: Map<string, Family>, rest: string, where: string): void {
  const name = NAME.exec(rest)?.[0];
  if (!name || rest[name.length] !== " ") throw new Error(`Bad HELP at ${where}`);
  const help = unescape(rest.slice(name.length + 1), false, where);
  const family = families.get(name);
  if (family?.help) throw new Error(`Second HELP for ${name} at ${where}`);
  if (family && family.samples.length > 0) throw new Error(`HELP after samples at ${where}`);
  families.set(name, { name, type: family?.type ?? "untyped", help, samples: family?.samples ?? [] });
}

function readType(families: Map<string, Family>, rest: string, where: string): void {
  const [name, type, ...extra] = rest.split(" ");
  if (!name || !NAME.test(name) || extra.length > 0) throw new Error(`Bad TYPE at ${where}`);
  if (!["counter", "gauge", "histogram", "summary", "untyped"].includes(type ?? "")) throw new Error(`Unknown type at ${where}`);
  const family = families.get(name);
  if (family && (family.type !== "untyped" || family.samples.length > 0)) throw new Error(`TYPE too late or repeated at ${where}`);
  families.set(name, { name, type: type as Family["type"], help: family?.help ?? "", samples: [] });
}

function familyOfSample(families: Map<string, Family>, sampleName: string): Family | undefined {
  const direct = families.get(sampleName);
  if (direct && direct.type !== "histogram") return direct;
  for (const suffix of ["_bucket", "_sum", "_count"]) {
    if (!sampleName.endsWith(suffix)) continue;
    const family = families.get(sampleName.slice(0, -suffix.length));
    if (family?.type === "histogram") return family;
  }
  return undefined;
}

function readSample(line: string, where: string): Sample {
  const name = NAME.exec(line)?.[0];
  if (!name) throw new Error(`Bad metric name at ${where}`);
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith("{")) {
    rest = rest.slice(1);
    while (!rest.startsWith("}")) {
      const labelName = LABEL_NAME.exec(rest)?.[0];
      if (!labelName || rest[labelName.length] !== "=" || rest[labelName.length + 1] !== '"') throw new Error(`Bad label at ${where}`);
      if (labelName in labels) throw new Error(`Repeated label ${labelName} at ${where}`);
      rest = rest.slice(labelName.length + 2);
      const end = closingQuote(rest);
      if (end < 0) throw new Error(`Unterminated label value at ${where}`);
      labels[labelName] = unescape(rest.slice(0, end), true, where);
      rest = rest.slice(end + 1);
      if (rest.startsWith(",")) rest = rest.slice(1);
      else if (!rest.startsWith("}")) throw new Error(`Expected , or } at ${where}`);
    }
    rest = rest.slice(1);
  }
  if (!rest.startsWith(" ")) throw new Error(`Expected a space before the value at ${where}`);
  const [valueText, ...more] = rest.slice(1).split(" ");
  // A timestamp may follow; we never write one.
  if (more.length > 0) throw new Error(`Unexpected text after the value at ${where}`);
  return { name, labels, value: parseGoFloat(valueText ?? "", where) };
}

function closingQuote(text: string): number {
  for (let index = 0; index < text.length; index++) {
    if (text[index] === "\\") index++;
    else if (text[index] === '"') return index;
  }
  return -1;
}

function unescape(text: string, quotesEscaped: boolean, where: string): string {
  let out = "";
  for (let index = 0; index < text.length; index++) {
    const character = text[index]!;
    if (character === "\n") throw new Error(`Raw line feed at ${where}`);
    if (quotesEscaped && character === '"') throw new Error(`Unescaped quote at ${where}`);
    if (character !== "\\") {
      out += character;
      continue;
    }
    const next = text[++index];
    if (next === "\\") out += "\\";
    else if (next === "n") out += "\n";
    else if (next === '"' && quotesEscaped) out += '"';
    else throw new Error(`Bad escape \\${next ?? ""} at ${where}`);
  }
  return out;
}

function parseGoFloat(text: string, where: string): number {
  if (text === "+Inf") return Infinity;
  if (text === "-Inf") return -Infinity;
  if (text === "NaN") return NaN;
  if (!FLOAT.test(text)) throw new Error(`Not a float: ${JSON.stringify(text)} at ${where}`);
  return Number(text);
}

/** Per series: buckets ascending in `le`, counts never falling, a +Inf bucket equal to _count, and a _sum. */
function checkHistogram(family: Family): void {
  const groups = new Map<string, Sample[]>();
  for (const sample of family.samples) {
    const { le: _le, ...own } = sample.labels;
    const key = JSON.stringify(Object.entries(own).sort());
    groups.set(key, [...(groups.get(key) ?? []), sample]);
  }
  for (const [key, samples] of groups) {
    const buckets = samples.filter((sample) => sample.name === `${family.name}_bucket`);
    const count = samples.find((sample) => sample.name === `${family.name}_count`);
    const sum = samples.find((sample) => sample.name === `${family.name}_sum`);
    if (!count || !sum || buckets.length === 0) throw new Error(`${family.name}${key}: needs buckets, _sum and _count`);
    const bounds = buckets.map((bucket) => parseGoFloat(bucket.labels.le ?? "", `${family.name} le`));
    if (bounds.at(-1) !== Infinity) throw new Error(`${family.name}${key}: the last bucket must be le="+Inf"`);
    for (let index = 1; index < buckets.length; index++) {
      if (!(bounds[index]! > bounds[index - 1]!)) throw new Error(`${family.name}${key}: bucket bounds not increasing`);
      if (buckets[index]!.value < buckets[index - 1]!.value) throw new Error(`${family.name}${key}: buckets are not cumulative`);
    }
    if (buckets.at(-1)!.value !== count.value) throw new Error(`${family.name}${key}: the +Inf bucket differs from _count`);
  }
}

/** The value of the one sample with exactly these labels (0 when the series does not exist yet). */
export function sampleValue(families: Map<string, Family>, family: string, sampleName: string, labels: Record<string, string> = {}): number {
  const samples = families.get(family)?.samples ?? [];
  const wanted = JSON.stringify(Object.entries(labels).sort());
  return samples.find((sample) => sample.name === sampleName && JSON.stringify(Object.entries(sample.labels).sort()) === wanted)?.value ?? 0;
}
