/**
 * Run as a child process by structured-data.ts: loads one side's prerequisites (SIDE = sightline or
 * adobe), warms it up on a small page (lazy modules, Adobe's schema.org index), then resets the peak
 * RSS (VmHWM) and analyses the page in PAGE_PATH once. Prints the RSS before and the peak during that
 * one analysis as JSON, or `{"unsupported": true}` where the kernel cannot reset the peak.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { schemaVocabulary } from "../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { schemaOrgJsonLd } from "./schemaorg-jsonld.ts";
import { runAdobe, runSightline } from "./structured-data-pipelines.ts";

function statusKb(field: "VmHWM" | "VmRSS"): number {
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? Number.NaN);
}

function analyzer(side: string | undefined): (html: string) => Promise<unknown> {
  if (side === "sightline") {
    const vocabulary = schemaVocabulary();
    return async (html) => runSightline(html, vocabulary);
  }
  if (side === "adobe") {
    const schemaOrgJson = schemaOrgJsonLd();
    return (html) => runAdobe(html, schemaOrgJson);
  }
  throw new Error(`SIDE must be sightline or adobe, not ${side}`);
}

const analyze = analyzer(process.env.SIDE);
await analyze(readFileSync(process.env.WARM_UP_PAGE_PATH!, "utf8"));
const html = readFileSync(process.env.PAGE_PATH!, "utf8");
Bun.gc(true);
try {
  // Linux: writing 5 resets VmHWM to the current RSS, so the peak below is this analysis's alone.
  writeFileSync("/proc/self/clear_refs", "5");
} catch {
  process.stdout.write(`${JSON.stringify({ unsupported: true })}\n`);
  process.exit(0);
}
const beforeKb = statusKb("VmRSS");
await analyze(html);
const peakKb = statusKb("VmHWM");
process.stdout.write(`${JSON.stringify({ beforeKb, peakKb })}\n`);
