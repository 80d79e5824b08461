/**
 * /swagger/json describes the API and only the API: every operation sits in a named group (none in
 * Swagger UI's "default"), the HTML pages and their forms (account, admin) are left out, and the
 * report's path parameter is named for the domain it holds. The renamed parameter still routes, on
 * the app and on Bun's native router where the server mounts the report.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { insertScan } from "../../src/store/scans-repo.ts";
import { startServer } from "../../src/server.ts";
import { silentLog } from "../../src/log.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";

type Operation = { tags?: string[]; summary?: string; parameters?: { name: string; in: string; description?: string }[] };

let service: TestRuntime;
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  service = await createTestRuntime({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" });
  paths = (await (await service.request("/swagger/json")).json()).paths;
});
afterAll(() => service.close());

describe("/swagger/json", () => {
  test("every operation has a group and a summary: nothing lands in the “default” group", () => {
    const operations = Object.entries(paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));
    expect(operations.length).toBeGreaterThan(3);
    for (const { path, method, operation } of operations) {
      expect(operation.tags?.length, `${method} ${path} has no tag`).toBeGreaterThan(0);
      expect(operation.tags, `${method} ${path}`).not.toContain("default");
      expect(operation.summary, `${method} ${path} has no summary`).toBeTruthy();
    }
  });

  test("the account and admin pages and their forms are not API operations and are left out", () => {
    const pagePaths = Object.keys(paths).filter((path) => /^\/(account|admin)(\/|$)/.test(path));
    expect(pagePaths).toEqual([]);
    // The routes exist; they are only not described as API.
    const routes = service.runtime.app.routes.filter((route) => /^\/(account|admin)(\/|$)/.test(route.path));
    expect(routes.filter((route) => route.method === "POST").length).toBeGreaterThanOrEqual(8);
  });

  test("the report's path ends in .json and its parameter is the plain domain, so \"Try it out\" with example.com works (issue 28)", async () => {
    const reportPaths = Object.keys(paths).filter((path) => path.startsWith("/api/report/"));
    expect(reportPaths.sort()).toEqual(["/api/report/{domain}.json", "/api/report/{domain}/history.json", "/api/report/{domain}/pages.json"]);
    const parameters = paths["/api/report/{domain}.json"]!.get!.parameters!;
    expect(parameters.map((parameter) => `${parameter.in}:${parameter.name}`)).toEqual(["path:domain"]);
    expect(JSON.stringify(parameters[0])).not.toContain("example.com.json");
    expect(JSON.stringify(parameters[0])).toContain("example.com");
    // What Swagger UI requests when a plain domain is typed: the path with the parameter filled in answers with the record.
    await insertScan(service.runtime.db, { domain: "tried.test", status: "ok", score: 70, scannedAt: Date.now(), recordJson: '{"domain":"tried.test"}', artifactsJson: null, caller: { kind: "cli" } });
    const tried = await service.request("/api/report/{domain}.json".replace("{domain}", "tried.test"));
    expect(tried.status).toBe(200);
    expect(await tried.json()).toEqual({ domain: "tried.test" });
  });
});

describe("the report route under its new parameter name", () => {
  test("answers on the app and on the native router", async () => {
    await insertScan(service.runtime.db, {
      domain: "named.test",
      status: "ok",
      score: 70,
      scannedAt: Date.now(),
      recordJson: '{"domain":"named.test"}',
      artifactsJson: null,
      caller: { kind: "cli" },
    });
    const viaApp = await service.request("/api/report/WWW.Named.test.json");
    expect(viaApp.status).toBe(200);
    expect(await viaApp.json()).toEqual({ domain: "named.test" });

    const server = startServer({ app: service.runtime.app, fastRoutes: service.runtime.fastRoutes, hostname: "127.0.0.1", port: 0, log: silentLog });
    try {
      const native = await fetch(`http://127.0.0.1:${server.port}/api/report/named.test.json`);
      expect(native.status).toBe(200);
      expect(await native.json()).toEqual({ domain: "named.test" });
      expect((await fetch(`http://127.0.0.1:${server.port}/api/report/unknown.test.json`)).status).toBe(404);
    } finally {
      await server.stop(true);
    }
  });
});
