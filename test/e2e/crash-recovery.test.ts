/**
 * kill -9 the binary while scans run, start it again on the same database, and every accepted scan
 * still ends with a stored record: the queue is durable and a dead worker's lease expires.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { startService } from "../../scripts/lib/service-process.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { pollReport } from "../helpers/poll-report.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

const TOKEN = "crash-pipeline-token-0123456789";
let work: string;
let slow: FixtureSite;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sightline-crash-"));
  slow = await startFixtureSite(wellPreparedSite("slow.secure.test"), { tls: true, delayMs: 1500 });
}, 120_000);
afterAll(async () => {
  await slow?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("scans accepted before a kill -9 are finished after the restart", async () => {
  const binary = await sightlineBinary();
  // Names the fixture certificate covers (*.secure.test).
  const domains = ["one.secure.test", "two.secure.test", "three.secure.test"];
  const env = childEnv({
    DATABASE_PATH: join(work, "crash.sqlite"),
    PIPELINE_TOKEN: TOKEN,
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    WORKER_CONCURRENCY: "2",
    SCAN_TIMEOUT_MS: "20000",
    LOG_LEVEL: "info",
    SCAN_CONNECT_TO: domains.flatMap((domain) => [slow.connectTo(domain, 443), slow.connectTo(`www.${domain}`, 443), slow.connectTo(domain, 80)]).join(","),
  });

  const first = await startService([binary], env);
  for (const url of domains) {
    const response = await fetch(`${first.baseUrl}/api/scan`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ url }),
    });
    expect(response.status).toBe(202);
  }
  // Wait until the worker is inside scans (the slow site has been asked), then kill it hard.
  const deadline = Date.now() + 10_000;
  while (slow.requests.length < 2 && Date.now() < deadline) await Bun.sleep(50);
  expect(slow.requests.length).toBeGreaterThanOrEqual(2);
  expect(await first.stop("SIGKILL")).not.toBe(0);
  const afterCrash = await fetch(`${first.baseUrl}/healthz`).then(() => "up", () => "down");
  expect(afterCrash).toBe("down");

  const second = await startService([binary], env);
  try {
    for (const domain of domains) {
      const record = await pollReport(second.baseUrl, domain, 45_000);
      expect(record.domain).toBe(domain);
      expect(record.status).toBe("ok");
    }
  } finally {
    await second.stop();
  }
}, 90_000);

test("SIGTERM lets a running scan finish or puts it back, exits 0, and the next start completes it", async () => {
  const binary = await sightlineBinary();
  const env = childEnv({
    DATABASE_PATH: join(work, "term.sqlite"),
    PIPELINE_TOKEN: TOKEN,
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    OFFSITE_CHECKS: "off",
    SCAN_TIMEOUT_MS: "20000",
    LOG_LEVEL: "info",
    SCAN_CONNECT_TO: [slow.connectTo("term.secure.test", 443), slow.connectTo("term.secure.test", 80)].join(","),
  });
  const first = await startService([binary], env);
  const before = slow.requests.length;
  const response = await fetch(`${first.baseUrl}/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    // The homepage alone: every answer of this site takes 1.5 s, and what is under test is the shutdown, not the crawl.
    body: JSON.stringify({ url: "term.secure.test", pages: 1 }),
  });
  expect(response.status).toBe(202);
  const deadline = Date.now() + 10_000;
  while (slow.requests.length === before && Date.now() < deadline) await Bun.sleep(50);
  expect(await first.stop("SIGTERM")).toBe(0);
  expect(first.lines.some((line) => line.includes('"message":"stopped"'))).toBe(true);

  // Finished within the grace period, or released: either way the next start has the record at once
  // or completes it without waiting for a lease to expire.
  const second = await startService([binary], env);
  try {
    const record = await pollReport(second.baseUrl, "term.secure.test", 15_000);
    expect(record.status).toBe("ok");
  } finally {
    await second.stop();
  }
}, 60_000);
