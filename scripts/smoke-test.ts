/**
 * Starts the compiled binary on its defaults (plus a temporary database and a free port) and checks
 * that it serves: health, the API's documented errors, the docs, and a clean stop on SIGTERM.
 * Usage: bun scripts/smoke-test.ts [path/to/sightline]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { childEnv } from "./lib/child-env.ts";
import { startService } from "./lib/service-process.ts";

const binary = process.argv[2] ?? "dist/sightline";
const work = mkdtempSync(join(tmpdir(), "sightline-smoke-"));
// The binary on its defaults: none of the caller's configuration (a DATABASE_URL there would be migrated).
const env = childEnv({ DATABASE_PATH: join(work, "db.sqlite"), HOST: "127.0.0.1", PORT: "0", LOG_LEVEL: "info" });
let failures = 0;

function check(name: string, ok: boolean, detail = ""): void {
  if (!ok) failures++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}${ok || !detail ? "" : `: ${detail}`}`);
}

function run(args: string[]): { code: number; out: string } {
  const result = Bun.spawnSync([binary, ...args], { env, stdout: "pipe", stderr: "pipe" });
  return { code: result.exitCode, out: result.stdout.toString() + result.stderr.toString() };
}

try {
  const version = run(["version"]);
  check("version", version.code === 0 && /^sightline \d+\.\d+\.\d+/.test(version.out), version.out);
  check("--help", run(["--help"]).code === 0);
  check("unknown command exits 2", run(["frobnicate"]).code === 2);
  const migrate = run(["migrate"]);
  check("migrate", migrate.code === 0 && migrate.out.includes("schema version"), migrate.out);
  check("bad configuration exits 2 with one line", (() => {
    const bad = Bun.spawnSync([binary], { env: { ...env, PORT: "http" }, stderr: "pipe" });
    return bad.exitCode === 2 && bad.stderr.toString().trim().split("\n").length === 1 && bad.stderr.toString().includes("PORT");
  })());

  const server = await startService([binary], env).catch((error: unknown) => {
    check("starts and logs the port", false, String(error));
    return null;
  });
  if (!server) throw new Error("the binary did not start");
  check("starts and logs the port", server.port > 0);
  const base = server.baseUrl;

  const expect = async (name: string, status: number, path: string, init: RequestInit = {}, bodyIncludes?: string) => {
    try {
      const response = await fetch(base + path, init);
      const text = await response.text();
      check(name, response.status === status && (!bodyIncludes || text.includes(bodyIncludes)), `${response.status} ${text.slice(0, 200)}`);
    } catch (error) {
      check(name, false, String(error));
    }
  };
  const scan = (headers: Record<string, string> = {}) => ({
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ url: "example.com" }),
  });
  await expect("GET /healthz", 200, "/healthz");
  await expect("report of a never-scanned domain", 404, "/api/report/never-scanned.example.json", {}, '"error":"Not found"');
  await expect("scan without credentials", 403, "/api/scan", scan(), "Verification failed. Please retry.");
  await expect("scan with an unknown token", 401, "/api/scan", scan({ authorization: "Bearer nope" }), '"error":"Unauthorized"');
  await expect("challenge", 200, "/api/challenge", {}, "signature");
  await expect("OpenAPI document", 200, "/swagger/json", {}, "/api/scan");
  await expect("docs page", 200, "/swagger", {}, "swagger-ui");
  await expect("unknown route is JSON 404", 404, "/no-such-page", {}, '"error"');

  const code = await server.stop("SIGTERM");
  check("stops cleanly on SIGTERM", code === 0 && server.lines.some((line) => line.includes('"message":"stopped"')));

  // The same binary runs the other service.
  const schema = await startService([binary], { ...env, SERVICE: "schema", DATABASE_PATH: join(work, "schema.sqlite") }).catch(() => null);
  check("SERVICE=schema starts", schema !== null);
  if (schema) {
    const health = await fetch(`${schema.baseUrl}/healthz`).then((response) => response.json()).catch(() => null);
    check("SERVICE=schema answers /healthz", health?.service === "schema", JSON.stringify(health));
    const spec = await fetch(`${schema.baseUrl}/swagger/json`).then((response) => response.text()).catch(() => "");
    check("SERVICE=schema describes its own record", spec.includes("schema markup"), spec.slice(0, 200));
    check("SERVICE=schema stops cleanly", (await schema.stop("SIGTERM")) === 0);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}

console.log(failures === 0 ? "smoke test passed" : `smoke test: ${failures} check(s) failed`);
process.exit(failures === 0 ? 0 : 1);
