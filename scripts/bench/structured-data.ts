/**
 * Extraction and validation of a ~2 MB page made of every schema.org example (JSON-LD, Microdata and
 * RDFa forms), against Adobe's structured-data validator on the same page in the same run (goal: at
 * most half its time while finding at least as many items). What each side measures is described in
 * structured-data-pipelines.ts. Both sides' prerequisites are loaded before any timing: our embedded
 * vocabulary, and for Adobe the same vocabulary as schema.org JSON-LD (its own index of it is built
 * during the warm-up). Runs alternate between the two, after a warm-up, with a full GC before each, and
 * the median counts.
 *
 * The service reads the whole page (Microdata and RDFa too, from htmlparser2's tokens rather than a DOM)
 * within the caps of src/analyzers/structured-data/structured-data-caps.ts (5,000 items a page, 50,000
 * graph nodes, 100,000 markup elements), none of which this page reaches. The same examples are also
 * timed as many ordinary pages. Peak memory of one analysis of the big page is measured in a child
 * process for each side.
 *
 * Measured on 2026-11-24 on the shared 2-core machine (load average 4 to 11, so the times are noisy): big
 * page, sightline 2,218 items (Adobe 2,169) at 0.37 to 0.46 of Adobe's time with 8 warm-ups (the code
 * before that day's allocation cuts: 0.50 and 0.71 in the same conditions); with the former 2 warm-ups 0.50 to
 * 0.57, as our code was still being compiled. 25 pages of 50 examples: 0.32 to 0.48. Peak memory of one
 * analysis of the big page 62 to 78 MB above the resting process (Adobe 68 to 74 MB), the suggestions'
 * DOM included. docs/schema-service.md has the phase times.
 *
 * Skipped, and said so, when ../shared/corpora/schemaorg-examples is absent. The examples' parser is
 * imported from test/helpers, as the other benchmarks import the fixture sites.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schemaVocabulary } from "../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { loadSchemaOrgExamples, SCHEMAORG_EXAMPLES_DIR } from "../../test/helpers/schemaorg-examples.ts";
import { childEnv } from "../lib/child-env.ts";
import { exampleSections, examplesUpTo, htmlPage } from "./schemaorg-examples-page.ts";
import { schemaOrgJsonLd } from "./schemaorg-jsonld.ts";
import { adobeExtractorAccepts, examplesAdobeAccepts, type Format, type PipelineRun, runAdobe, runSightline, type SightlineRun, totalItems } from "./structured-data-pipelines.ts";

const PAGE_BYTES = 2_000_000;
/** About 80 kB and 50 JSON-LD items a page: an ordinary page, within the service's caps. */
const EXAMPLES_PER_SMALL_PAGE = 50;
/**
 * Enough for both sides to run optimised code in the timed runs. JavaScriptCore compiles a function's
 * optimised (DFG, FTL) code only after it has run a while, so functions called once or a few times a page
 * reach it after several pages. Building the pages above runs Adobe's extractor dozens of times, ours not
 * at all: with 2 warm-ups its code was optimised and ours was still being compiled during the first timed
 * runs (BUN_JSC_reportCompileTimes=1 showed 7 to 44 DFG/FTL compilations inside each of our first seven
 * runs, none in the eighth), which on a loaded machine made the median measure compile threads, not pages.
 * A server analyses page after page, so steady state is what it sees.
 */
const WARM_UPS = 8;
const RUNS = 9;
const GOAL_RATIO = 0.5;
const FORMATS: [Format, string][] = [["json-ld", "JSON-LD"], ["microdata", "Microdata"], ["rdfa", "RDFa"]];

interface Comparison {
  sightline: SightlineRun;
  adobe: PipelineRun;
  sightlineMs: number;
  sightlineWholeMs: number;
  adobeMs: number;
}

export async function benchStructuredData(): Promise<{ ratio: number | null; lines: string[] }> {
  const all = loadSchemaOrgExamples();
  if (all === null) return { ratio: null, lines: [`structured data: skipped, the schema.org examples are absent (${SCHEMAORG_EXAMPLES_DIR})`] };
  // An example that Adobe's extractor throws on fails its whole page, so such examples stay out of the
  // pages: those it throws on alone, then those it throws on where they stand.
  const examples = all.filter((example) => adobeExtractorAccepts(htmlPage([{ id: example.id, html: exampleSections(example) }])));
  const bigPage = examplesAdobeAccepts(examplesUpTo(examples, PAGE_BYTES));
  const page = htmlPage(bigPage.kept);
  const smallPageSets = chunks(bigPage.kept, EXAMPLES_PER_SMALL_PAGE).map(examplesAdobeAccepts);
  const smallPages = smallPageSets.map((set) => htmlPage(set.kept));
  const leftOut = {
    alone: all.filter((example) => !examples.includes(example)).map((example) => example.id),
    big: bigPage.leftOut,
    small: smallPageSets.flatMap((set) => set.leftOut),
  };

  const vocabulary = schemaVocabulary();
  const schemaOrgJson = schemaOrgJsonLd();

  const big = await compare(
    async () => runSightline(page, vocabulary),
    () => runAdobe(page, schemaOrgJson),
  );
  const split = await compare(
    async () => addSightlineRuns(smallPages.map((small) => runSightline(small, vocabulary))),
    async () => {
      const runs: PipelineRun[] = [];
      for (const small of smallPages) runs.push(await runAdobe(small, schemaOrgJson));
      return addRuns(runs);
    },
  );
  const memory = await measureMemory(page, htmlPage(bigPage.kept.slice(0, 1)));

  const ratio = big.sightlineMs / big.adobeMs;
  const enoughItems = totalItems(big.sightline.items) >= totalItems(big.adobe.items);
  const verdict = ratio <= GOAL_RATIO && enoughItems ? "ok" : `MISSED (${[ratio > GOAL_RATIO ? "too slow" : "", enoughItems ? "" : "fewer items"].filter(Boolean).join(", ")})`;
  const splitRatio = split.sightlineMs / split.adobeMs;
  const cappedSmallPages = split.sightline.limits.length;
  return {
    ratio,
    lines: [
      `structured data: a ${(Buffer.byteLength(page) / 1e6).toFixed(2)} MB page of ${bigPage.kept.length} schema.org examples (${examples.length} distinct); left out as Adobe's extractor throws on them: ${leftOutText(leftOut)}`,
      `structured data: sightline = analyzePage up to its suggestions (tokenize the whole page, extract, join, validate, rich-result eligibility; the DOM only its suggestions read is built after), vocabulary loaded before timing; Adobe = web-auto-extractor parse + structured-data-validator validate, same vocabulary`,
      `structured data items found: sightline ${itemsText(big.sightline)}; Adobe ${itemsText(big.adobe)}`,
      ...big.sightline.limits.map((limit) => `structured data: sightline's cap: ${limit}`),
      `structured data: median of ${RUNS} interleaved runs after ${WARM_UPS} warm-ups: sightline ${ms(big.sightlineMs)} (whole analyzePage with suggestions ${ms(big.sightlineWholeMs)}), Adobe ${ms(big.adobeMs)}`,
      `structured data ratio (sightline / Adobe): ${ratio.toFixed(2)} (goal ≤ ${GOAL_RATIO.toFixed(2)} with at least as many items) ${verdict}`,
      `structured data as ${smallPages.length} pages of ${EXAMPLES_PER_SMALL_PAGE} examples (${cappedSmallPages === 0 ? "none hits a cap" : `${cappedSmallPages} cap notices`}): items sightline ${itemsText(split.sightline)}; Adobe ${itemsText(split.adobe)}; median sightline ${ms(split.sightlineMs)} (whole ${ms(split.sightlineWholeMs)}), Adobe ${ms(split.adobeMs)}; ratio ${splitRatio.toFixed(2)}`,
      memory,
    ],
  };
}

/** Warm-ups, then RUNS rounds that alternate which side goes first; the medians, and one run's counts. */
async function compare(sightline: () => Promise<SightlineRun>, adobe: () => Promise<PipelineRun>): Promise<Comparison> {
  for (let warmUp = 0; warmUp < WARM_UPS; warmUp++) {
    await sightline();
    await adobe();
  }
  const ours: SightlineRun[] = [];
  const theirs: PipelineRun[] = [];
  const timed = async <T>(run: () => Promise<T>, into: T[]) => {
    Bun.gc(true);
    into.push(await run());
  };
  for (let round = 0; round < RUNS; round++) {
    if (round % 2 === 0) {
      await timed(sightline, ours);
      await timed(adobe, theirs);
    } else {
      await timed(adobe, theirs);
      await timed(sightline, ours);
    }
  }
  return {
    sightline: ours[0]!,
    adobe: theirs[0]!,
    sightlineMs: median(ours.map((run) => run.ms)),
    sightlineWholeMs: median(ours.map((run) => run.wholeMs)),
    adobeMs: median(theirs.map((run) => run.ms)),
  };
}

function addRuns(runs: readonly PipelineRun[]): PipelineRun {
  const items = { "json-ld": 0, microdata: 0, rdfa: 0 };
  for (const run of runs) for (const [format] of FORMATS) items[format] += run.items[format];
  return {
    ms: sum(runs.map((run) => run.ms)),
    items,
    errors: sum(runs.map((run) => run.errors)),
    warnings: sum(runs.map((run) => run.warnings)),
  };
}

function addSightlineRuns(runs: readonly SightlineRun[]): SightlineRun {
  return { ...addRuns(runs), wholeMs: sum(runs.map((run) => run.wholeMs)), reported: sum(runs.map((run) => run.reported)), limits: runs.flatMap((run) => run.limits) };
}

/** Peak RSS of one analysis of `page`, each side in a child process of its own (see structured-data-memory-child.ts). */
async function measureMemory(page: string, warmUpPage: string): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), "sightline-bench-sd-"));
  try {
    writeFileSync(join(work, "page.html"), page);
    writeFileSync(join(work, "warm-up.html"), warmUpPage);
    const peaks: string[] = [];
    for (const side of ["sightline", "adobe"]) {
      const child = Bun.spawn([process.execPath, join(import.meta.dir, "structured-data-memory-child.ts")], {
        env: childEnv({ SIDE: side, PAGE_PATH: join(work, "page.html"), WARM_UP_PAGE_PATH: join(work, "warm-up.html") }),
        stdout: "pipe",
        stderr: "inherit",
      });
      const [output, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
      if (code !== 0) throw new Error(`the structured-data memory child (${side}) exited with ${code}`);
      const measured = JSON.parse(output.trim().split("\n").pop()!) as { unsupported?: true; beforeKb: number; peakKb: number };
      if (measured.unsupported) return "structured data memory: not measured (this kernel cannot reset a process's peak RSS)";
      peaks.push(`${side === "adobe" ? "Adobe" : side} ${mb(measured.peakKb - measured.beforeKb)} above ${mb(measured.beforeKb)}`);
    }
    return `structured data memory (peak RSS of one analysis of the page, in a child process, after a warm-up): ${peaks.join("; ")}`;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function leftOutText(leftOut: { alone: string[]; big: string[]; small: string[] }): string {
  const listed = (ids: string[]) => (ids.length === 0 ? "none" : ids.join(", "));
  return `alone ${listed(leftOut.alone)}; where they stood on the big page ${listed(leftOut.big)}, on the small pages ${listed(leftOut.small)}`;
}

function itemsText(run: PipelineRun | SightlineRun): string {
  const joined = "reported" in run ? `, ${run.reported} once those sharing an @id are joined` : "";
  return `${totalItems(run.items)} (${FORMATS.map(([format, name]) => `${name} ${run.items[format]}`).join(", ")}${joined}; ${run.errors} errors, ${run.warnings} warnings)`;
}

function chunks<T>(values: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(values.length / size) }, (_, index) => values.slice(index * size, (index + 1) * size));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function ms(value: number): string {
  return `${Math.round(value)} ms`;
}

function mb(kb: number): string {
  return `${Math.round(kb / 1024)} MB`;
}
