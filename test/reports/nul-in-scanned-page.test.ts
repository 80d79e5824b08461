/**
 * A scanned page whose JSON-LD holds \u0000 and a lone surrogate, on PostgreSQL, for both services
 * (issue 30, finding 8): PostgreSQL's jsonb refused the stored record, so the domain's history and its
 * report page answered 500 for good. Now the record is stored without them and every view answers.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { hasPostgres, postgresLabel, POSTGRES_HOOK_TIMEOUT_MS, testPostgres, warmUpPostgres, type TestDatabase } from "../helpers/postgres.ts";

const TOKEN = "pipeline-token-for-nul-records-0123";
const available = hasPostgres();

// As written in the page: JSON escapes, which JSON.parse turns into a NUL and a lone high surrogate.
const PAGE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Nul Corp</title>
<meta name="description" content="A page whose structured data holds a NUL.">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Nul\\u0000Corp \\ud800","url":"http://nul.test/","logo":"http://nul.test/logo.png","description":"Made \\u0000 here","alter\\u0000nateName":"x","sameAs":"http://nul.test/\\u0000"}</script>
</head><body><h1>Nul Corp</h1><p>We make things, and our structured data holds a NUL character.</p></body></html>`;

/** Every string in a JSON value, keys included. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value !== null && typeof value === "object") return Object.entries(value).flatMap(([key, item]) => [key, ...stringsOf(item)]);
  return [];
}

let site: FixtureSite;
const databases: TestDatabase[] = [];
const services: TestRuntime[] = [];

describe.skipIf(!available)(postgresLabel("a scanned page with \\u0000 in its JSON-LD, on PostgreSQL", available), () => {
  if (available) beforeAll(async () => {
    await warmUpPostgres();
    site = await startFixtureSite({ "/": () => new Response(PAGE, { headers: { "content-type": "text/html; charset=utf-8" } }) });
  }, POSTGRES_HOOK_TIMEOUT_MS);

  afterAll(async () => {
    for (const service of services) await service.close();
    for (const database of databases) await database.drop();
    await site?.stop();
  });

  for (const service of ["visibility", "schema"] as const) {
    test(`${service}: the report, its history and its page answer 200, and the stored record holds neither`, async () => {
      const database = (await testPostgres())!;
      databases.push(database);
      const runtime = await createTestRuntime({
        SERVICE: service,
        DATABASE_URL: database.url,
        PIPELINE_TOKEN: TOKEN,
        SCAN_CONNECT_TO: [site.connectTo("nul.test", 80), site.connectTo("nul.test", 443), site.connectTo("www.nul.test", 443), site.connectTo("www.nul.test", 80)].join(","),
      });
      services.push(runtime);
      expect((await runtime.scan({ url: "http://nul.test/" }, { token: TOKEN })).status).toBe(202);
      let report: Response | undefined;
      for (let attempt = 0; attempt < 400; attempt++) {
        report = await runtime.request("/api/report/nul.test.json");
        if (report.status === 200) break;
        await report.arrayBuffer();
        await Bun.sleep(50);
      }
      expect(report?.status).toBe(200);
      const history = await runtime.request("/api/report/nul.test/history.json");
      expect(history.status).toBe(200);
      const entries = ((await history.json()) as { scans?: unknown[]; items?: unknown[] });
      expect(JSON.stringify(entries)).toContain('"status":"ok"');
      const page = await runtime.request("/report/nul.test");
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("nul.test");

      const strings = stringsOf(await report!.json());
      expect(strings.filter((text) => text.includes("\0") || !text.isWellFormed())).toEqual([]);
      // The JSON-LD was read: its name is in the record (as a string, or quoted in the markup shown back).
      expect(strings.some((text) => text.includes("NulCorp") || text.includes("Nul\\u0000Corp"))).toBe(true);
    }, POSTGRES_HOOK_TIMEOUT_MS);
  }
});
