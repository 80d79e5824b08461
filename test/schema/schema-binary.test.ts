/**
 * The compiled binary with SERVICE=schema: the embedded schema.org vocabulary loads, a page on a loopback
 * HTTPS fixture site (test CA, SCAN_CONNECT_TO) is analysed through the real worker, and the report is cached.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { pollReport } from "../helpers/poll-report.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { BROKEN_PAGE, PRODUCT_PAGE } from "../fixtures/schema-pages/pages.ts";

const TOKEN = "pipeline-token-for-schema-binary-01";
const htmlPage = (body: string) => () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

let work: string;
let site: FixtureSite;
let service: ServiceProcess;

beforeAll(async () => {
  const binary = await sightlineBinary();
  work = mkdtempSync(join(tmpdir(), "sightline-schema-"));
  site = await startFixtureSite({ "/p/trail-shoe-2": htmlPage(PRODUCT_PAGE), "/broken": htmlPage(BROKEN_PAGE) }, { tls: true });
  service = await startService([binary], {
    SERVICE: "schema",
    DATABASE_PATH: join(work, "schema.sqlite"),
    NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
    PIPELINE_TOKEN: TOKEN,
    LOG_LEVEL: "info",
    SCAN_CONNECT_TO: [site.connectTo("secure.test", 443), site.connectTo("good.test", 443)].join(","),
  });
}, 120_000);

afterAll(async () => {
  await service?.stop();
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

async function scan(url: string): Promise<Response> {
  return fetch(`${service.baseUrl}/api/scan`, { method: "POST", headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` }, body: JSON.stringify({ url }) });
}

describe("SERVICE=schema binary", () => {
  test("POST /api/scan 202 → report 200 with the analysis → cached 200", async () => {
    const started = await scan("https://secure.test/p/trail-shoe-2");
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ domain: "secure.test", url: "https://secure.test/p/trail-shoe-2" });
    const record = await pollReport(service.baseUrl, "secure.test", 30_000);
    expect(record).toMatchObject({ domain: "secure.test", status: "ok" });
    expect(record.result.summary).toEqual({ items: 3, errors: 0, warnings: 0, eligible: 4, limited: 0, deprecated: 0, formats: ["json-ld", "microdata", "rdfa"] });
    const cached = await scan("secure.test/p/trail-shoe-2");
    expect(cached.status).toBe(200);
    expect(await cached.json()).toEqual(record);
  });

  test("errors found on a broken page are reported", async () => {
    expect((await scan("https://good.test/broken")).status).toBe(202);
    const record = await pollReport(service.baseUrl, "good.test", 30_000);
    expect(record.result.problems).toHaveLength(1);
    expect(record.result.summary.errors).toBe(10);
  });

  test("/swagger/json shows the schema record", async () => {
    const spec = await (await fetch(`${service.baseUrl}/swagger/json`)).text();
    expect(spec).toContain("The schema markup record of a domain");
  });
});
