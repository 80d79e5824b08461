/**
 * Cached `GET /api/report/:domain.json` throughput of the compiled binary, against a bare `Bun.serve`
 * answering the same bytes, measured in the same run and printed as a ratio (goal: at least 0.8).
 *
 * Both servers run as child processes with their logs going to /dev/null; the load comes from this
 * process with a fixed number of keep-alive connections. Rounds alternate between the two servers so
 * that a noisy neighbour hurts both alike, and the best round of each counts.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../../src/store/database.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { freePort, waitForHealthy } from "./bench-helpers.ts";
import { childEnv } from "../lib/child-env.ts";

const CONNECTIONS = 32;
const ROUND_MS = 2500;
const ROUNDS = 3;
const DOMAIN = "bench.example";

export async function benchReportThroughput(binary: string): Promise<{ ratio: number; lines: string[] }> {
  const work = mkdtempSync(join(tmpdir(), "sightline-bench-"));
  const databasePath = join(work, "bench.sqlite");
  const recordJson = JSON.stringify(sampleRecord());
  await seed(databasePath, recordJson);

  const sightlinePort = await freePort();
  const barePort = await freePort();
  const sightline = Bun.spawn([binary], {
    env: childEnv({ PORT: String(sightlinePort), HOST: "127.0.0.1", DATABASE_PATH: databasePath, OFFSITE_CHECKS: "off" }),
    stdout: "ignore",
    stderr: "inherit",
  });
  const bare = Bun.spawn([process.execPath, join(import.meta.dir, "bare-server.ts")], {
    env: childEnv({ PORT: String(barePort), BODY: recordJson }),
    stdout: "ignore",
    stderr: "inherit",
  });
  try {
    const path = `/api/report/${DOMAIN}.json`;
    await waitForHealthy(`http://127.0.0.1:${sightlinePort}/healthz`);
    await waitForHealthy(`http://127.0.0.1:${barePort}${path}`);
    const ours = `http://127.0.0.1:${sightlinePort}${path}`;
    const theirs = `http://127.0.0.1:${barePort}${path}`;
    await load(ours, 500);
    await load(theirs, 500);

    let best = { ours: 0, bare: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      best = { ours: Math.max(best.ours, await load(ours, ROUND_MS)), bare: Math.max(best.bare, await load(theirs, ROUND_MS)) };
    }
    const ratio = best.ours / best.bare;
    return {
      ratio,
      lines: [
        `report throughput: sightline ${Math.round(best.ours)} req/s, bare Bun.serve ${Math.round(best.bare)} req/s`,
        `report throughput ratio: ${ratio.toFixed(2)} (goal ≥ 0.80) ${ratio >= 0.8 ? "ok" : "BELOW GOAL"}`,
      ],
    };
  } finally {
    sightline.kill("SIGTERM");
    bare.kill("SIGTERM");
    await Promise.all([sightline.exited, bare.exited]);
    rmSync(work, { recursive: true, force: true });
  }
}

/** Requests per second over `durationMs`, from CONNECTIONS concurrent request loops. */
async function load(url: string, durationMs: number): Promise<number> {
  const deadline = performance.now() + durationMs;
  let completed = 0;
  const worker = async () => {
    while (performance.now() < deadline) {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      completed++;
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return completed / ((performance.now() - started) / 1000);
}

async function seed(databasePath: string, recordJson: string): Promise<void> {
  const db = openDatabase(databasePath);
  await insertScan(db, {
    domain: DOMAIN,
    status: "ok",
    score: 82,
    scannedAt: Date.now(),
    recordJson,
    artifactsJson: null,
    caller: { kind: "pipeline" },
  });
  await db.close();
}

/** A record of realistic size and shape: seven pillars of several signals, ten top issues. */
export function sampleRecord(domain = DOMAIN) {
  const signal = (id: string) => ({ id, title: `Signal ${id}`, status: "pass", score: 1, weight: 1, detail: "Looks right.", evidence: ["robots.txt: allowed"] });
  const pillars = ["access", "render", "discover", "structure", "content", "trust", "presence"].map((id) => ({
    id,
    title: id,
    score: 80,
    points: 12,
    weight: 15,
    signals: Array.from({ length: 5 }, (_, index) => signal(`${id}-${index}`)),
  }));
  const topIssues = Array.from({ length: 10 }, (_, index) => ({
    id: `issue-${index}`,
    title: "Something to fix",
    status: "warn",
    impact: "medium",
    detail: "What was seen on the site, in a sentence or two.",
    fix: { what: "Change this", why: "Because AI crawlers need it", how: "User-agent: *\nAllow: /\n".repeat(4), effort: "S" },
  }));
  return {
    domain: DOMAIN,
    status: "ok",
    scannedAt: new Date().toISOString(),
    result: { score: 82, grade: "B", label: "Good", pillars, topIssues },
    offSite: null,
  };
}
