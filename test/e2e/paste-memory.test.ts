/**
 * Issue 30, finding 4, against the compiled binary: twelve concurrent 2 MiB pastes to POST /api/check
 * took the server from 82 to 365 MB (the check thread lived in the server process, outside
 * SCAN_MEMORY_MB). With SCAN_ISOLATION=process (the default) checks run in a process of their own and
 * answer bounded like a record: the server's RSS grows by less than PASTE_GROWTH_BOUND_MB over its idle
 * figure, read in the same run (it holds the requests' bodies and the answers' bytes, no parse).
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { sightlineBinary } from "../helpers/binary.ts";

const TOKEN = "pipeline-token-for-paste-memory-01";
const PASTES = 12;
/** Generous: twelve bodies of ~2.3 MB read and parsed, and the answers of ~2 MB, are about 80 MB at most at once; a parse in the server added 280. */
const PASTE_GROWTH_BOUND_MB = 150;

let service: ServiceProcess;
let work: string;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sightline-paste-memory-"));
  service = await startService([await sightlineBinary()], {
    SERVICE: "schema",
    DATABASE_PATH: join(work, "paste-memory.sqlite"),
    PIPELINE_TOKEN: TOKEN,
    LIMIT_PER_IP_PER_HOUR: "1000",
    LOG_LEVEL: "info",
  });
}, 180_000);

afterAll(async () => {
  await service?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

function rssMb(pid: number): number {
  return Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
}

/** About `bytes` of JSON-LD: Products with offers, every one distinct. */
function largePaste(bytes: number): string {
  const items: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes - 200; index++) {
    const item = JSON.stringify({ "@context": "https://schema.org", "@type": "Product", name: `Product ${index}`, description: "A fine product ".repeat(3), offers: { "@type": "Offer", price: "10", priceCurrency: "EUR" } });
    items.push(item);
    size += item.length + 1;
  }
  return `[${items.join(",")}]`;
}

const check = (body: string) => fetch(`${service.baseUrl}/api/check`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` }, body });

test.skipIf(process.platform !== "linux")(`${PASTES} concurrent 2 MiB pastes grow the server's RSS by less than ${PASTE_GROWTH_BOUND_MB} MB over idle`, async () => {
  const pid = service.process.pid;
  // Idle, after one small check: the first check's process is started and the route loaded.
  expect((await check(JSON.stringify({ jsonld: '{"@context":"https://schema.org","@type":"Product","name":"x"}' }))).status).toBe(200);
  await Bun.sleep(500);
  const idle = rssMb(pid);

  const body = JSON.stringify({ jsonld: largePaste(2 * 1024 * 1024 - 64) });
  let peak = idle;
  let done = false;
  const sampling = (async () => {
    while (!done) {
      peak = Math.max(peak, rssMb(pid));
      await Bun.sleep(20);
    }
  })();
  const statuses: number[] = [];
  try {
    await Promise.all(
      Array.from({ length: PASTES }, async () => {
        const response = await check(body);
        statuses.push(response.status);
        // Read as bytes: each 200 is the bounded answer of about 2 MB.
        const bytes = (await response.arrayBuffer()).byteLength;
        if (response.status === 200) expect(bytes).toBeLessThan(3 * 1024 * 1024);
      }),
    );
  } finally {
    done = true;
    await sampling;
  }
  // One runs, MAX_WAITING_CHECKS (8) wait their turn, the rest are told the service is busy.
  expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(9);
  expect(statuses.every((status) => status === 200 || status === 503)).toBe(true);
  console.log(`server RSS: idle ${idle.toFixed(0)} MB, peak ${peak.toFixed(0)} MB under ${PASTES} concurrent 2 MiB pastes`);
  expect(peak - idle).toBeLessThan(PASTE_GROWTH_BOUND_MB);
}, 300_000);
