/**
 * `bun run bench`: every benchmark, each reported as a ratio against a baseline measured in the same
 * run (never an absolute time: the machine is shared and noisy). Builds dist/sightline first unless
 * SIGHTLINE_BINARY names a binary.
 */
import { $ } from "bun";
import { existsSync } from "node:fs";
import { benchReportThroughput } from "./bench/report-throughput.ts";
import { benchScanLatency } from "./bench/scan-latency.ts";
import { benchScanMemory } from "./bench/scan-memory.ts";
import { benchSiteCrawl } from "./bench/site-crawl.ts";
import { benchStructuredData } from "./bench/structured-data.ts";
import { benchStartup } from "./bench/startup.ts";
import { benchApiUnderLoad } from "./bench/api-under-load.ts";
import { benchReportThroughputPostgres } from "./bench/report-throughput-postgres.ts";
import { benchQueueThroughput } from "./bench/queue-throughput.ts";

const binary = process.env.SIGHTLINE_BINARY ?? "dist/sightline";
if (!process.env.SIGHTLINE_BINARY || !existsSync(binary)) await $`bun run build`;

const report = await benchReportThroughput(binary);
for (const line of report.lines) console.log(line);

const scanLatency = await benchScanLatency();
for (const line of scanLatency.lines) console.log(line);
const scanMemory = await benchScanMemory();
for (const line of scanMemory.lines) console.log(line);
const siteCrawl = await benchSiteCrawl();
for (const line of siteCrawl.lines) console.log(line);
const structuredData = await benchStructuredData();
for (const line of structuredData.lines) console.log(line);
const startup = await benchStartup(binary);
for (const line of startup.lines) console.log(line);
const apiUnderLoad = await benchApiUnderLoad(binary);
for (const line of apiUnderLoad.lines) console.log(line);
const reportPostgres = await benchReportThroughputPostgres(binary);
for (const line of reportPostgres.lines) console.log(line);
const queueThroughput = await benchQueueThroughput();
for (const line of queueThroughput.lines) console.log(line);
