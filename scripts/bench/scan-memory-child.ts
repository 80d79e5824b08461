/**
 * Run as a child process by scan-memory.ts: records its own idle peak memory (VmHWM) after loading the
 * scanner, scans the site named in SCAN_DOMAIN, and prints both peaks as JSON. Measuring in a process
 * of its own keeps the fixture server's buffers out of the numbers.
 */
import { readFileSync } from "node:fs";
import { loadConfig } from "../../src/config.ts";
import { scanOnce } from "../../src/cli/scan-command.ts";

function highWaterKb(): number {
  return Number(/VmHWM:\s+(\d+)\s+kB/.exec(readFileSync("/proc/self/status", "utf8"))?.[1] ?? NaN);
}

Bun.gc(true);
const idleKb = highWaterKb();
const record = await scanOnce(process.env.SCAN_DOMAIN!, loadConfig(process.env));
const peakKb = highWaterKb();
process.stdout.write(`${JSON.stringify({ idleKb, peakKb, status: record.status, score: record.result?.score ?? null })}\n`);
