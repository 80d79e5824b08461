/**
 * `sightline rescore` end to end, in process: the service scans a loopback fixture site through its
 * worker and stores the record with its artifacts; the command, on its own connection to the same
 * database while the service keeps running, re-scores it; the report endpoint then serves the new
 * record. Also: skip reasons counted in --all, and the exit codes of unknown domains and bad usage.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { Value } from "@sinclair/typebox/value";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SchemaRecordSchema } from "../../src/analyzers/schema/record-schema.ts";
import { VisibilityRecordSchema } from "../../src/analyzers/visibility/record-schema.ts";
import { EXIT } from "../../src/cli/exit-codes.ts";
import { parseRescoreArgs, rescoreCommand } from "../../src/cli/rescore-command.ts";
import { runCli } from "../../src/cli/run-cli.ts";
import { loadConfig } from "../../src/config.ts";
import { openDatabase } from "../../src/store/database.ts";
import { decodeArtifacts } from "../../src/scans/stored-artifacts.ts";
import { insertScan, storedArtifacts } from "../../src/store/scans-repo.ts";
import { VERSION } from "../../src/version.ts";
import { BARE_HOMEPAGE } from "../fixtures/schema-pages/pages.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { type FixtureSite, startFixtureSite } from "../helpers/fixture-server.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";

const TOKEN = "pipeline-token-for-rescore-tests-0123";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyJson = any;

function captureIo() {
  const io = { out: "", err: "" };
  return { io, sink: { out: (text: string) => void (io.out += text), err: (text: string) => void (io.err += text) } };
}

async function reportWhere(service: TestRuntime, domain: string, accept: (record: AnyJson) => boolean): Promise<{ record: AnyJson; etag: string | null }> {
  let last: unknown = null;
  for (let attempt = 0; attempt < 300; attempt++) {
    const response = await service.request(`/api/report/${domain}.json`);
    if (response.status === 200) {
      last = await response.json();
      if (accept(last)) return { record: last, etag: response.headers.get("etag") };
    } else await response.arrayBuffer();
    await Bun.sleep(50);
  }
  throw new Error(`the report of ${domain} never matched; last: ${JSON.stringify(last)?.slice(0, 200)}`);
}

async function rowsOf(path: string, domain: string) {
  const db = openDatabase(path);
  try {
    return await db.all<{ id: number; status: string; score: number | null; scanned_at: number; record: string; artifacts: string | null; caller_kind: string }>(
      "SELECT id, status, score, scanned_at, record, artifacts, caller_kind FROM scans WHERE domain = ? ORDER BY id",
      [domain],
    );
  } finally {
    await db.close();
  }
}

describe("sightline rescore, visibility (in process, beside a running service)", () => {
  let site: FixtureSite;
  let service: TestRuntime;
  let scanned: AnyJson;
  let scannedEtag: string | null;

  beforeAll(async () => {
    site = await startFixtureSite(wellPreparedSite("rescore.test"));
    service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN, SCAN_CONNECT_TO: site.connectTo("rescore.test", 80) });
    expect((await service.scan({ url: "rescore.test" }, { token: TOKEN })).status).toBe(202);
    ({ record: scanned, etag: scannedEtag } = await reportWhere(service, "rescore.test", () => true));
  }, 60_000);
  afterAll(async () => {
    await service.close();
    await site.stop();
  });

  test("--domain (normalised like a scan target) stores a new, marked record with the same score; the old row is kept; the report serves the new one", async () => {
    expect(scanned.status).toBe("ok");
    const [original] = await rowsOf(service.databasePath, "rescore.test");
    expect(original!.artifacts).not.toBeNull();

    const { io, sink } = captureIo();
    const code = await rescoreCommand(["--domain", "http://WWW.Rescore.test/pricing"], service.runtime.config, sink);
    expect(io.err).toBe("");
    expect(code).toBe(EXIT.ok);
    expect(io.out).toBe(`rescore.test: score ${scanned.result.score} → ${scanned.result.score} (scan #${original!.id} re-scored as record #${original!.id + 1})\n`);

    const rows = await rowsOf(service.databasePath, "rescore.test");
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual(original!);
    const rescored = rows[1]!;
    expect(rescored).toMatchObject({ status: "ok", score: original!.score, scanned_at: original!.scanned_at, artifacts: null, caller_kind: "cli" });
    const record = JSON.parse(rescored.record);
    const { rescoredFrom, ...rest } = record;
    expect(rest).toEqual(scanned);
    expect(rescoredFrom).toEqual({ scanId: original!.id, scannedAt: scanned.scannedAt, rescoredAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), version: VERSION });
    expect([...Value.Errors(VisibilityRecordSchema, record)]).toEqual([]);

    // The service's cache of latest records notices the other connection's insert.
    const served = await reportWhere(service, "rescore.test", (candidate) => candidate.rescoredFrom !== undefined);
    expect(served.record).toEqual(record);
    expect(served.etag).not.toBe(scannedEtag);
    // Still within the scan's 24 hours: the cached answer to a scan request is the re-scored record.
    const cached = await service.scan({ url: "rescore.test" }, { token: TOKEN });
    expect(cached.status).toBe(200);
    expect(await cached.json()).toEqual(record);
  });

  test("--all walks every domain once, names and counts what it skips, and exits 0", async () => {
    const db = openDatabase(service.databasePath);
    try {
      const artifacts = decodeArtifacts((await storedArtifacts(db, (await rowsOf(service.databasePath, "rescore.test"))[0]!.id))!.artifactsJson!) as Record<string, unknown>;
      const base = { score: 50, scannedAt: Date.now(), caller: { kind: "pipeline" as const } };
      await insertScan(db, { ...base, domain: "failed.test", status: "failed", score: null, recordJson: '{"status":"failed"}', artifactsJson: null });
      await insertScan(db, { ...base, domain: "bare.test", status: "ok", recordJson: '{"status":"ok"}', artifactsJson: null });
      await insertScan(db, { ...base, domain: "old.test", status: "ok", recordJson: '{"status":"ok"}', artifactsJson: JSON.stringify({ ...artifacts, domain: "old.test", version: 0 }) });
    } finally {
      await db.close();
    }
    const before = (await rowsOf(service.databasePath, "rescore.test")).length;

    const { io, sink } = captureIo();
    const code = await rescoreCommand(["--all"], service.runtime.config, sink);
    expect(io.err).toBe("");
    expect(code).toBe(EXIT.ok);
    const lines = io.out.trimEnd().split("\n");
    expect(lines.slice(0, 4).map((line) => line.replace(/:.*/, ""))).toEqual(["[1/4] bare.test", "[2/4] failed.test", "[3/4] old.test", "[4/4] rescore.test"]);
    expect(lines[0]).toContain("skipped: scan #");
    expect(lines[0]).toContain("stored no artifacts");
    expect(lines[1]).toContain("skipped: the latest scan");
    expect(lines[2]).toContain("skipped: scan #");
    expect(lines[2]).toContain("artifacts version 0; this build reads version 1");
    expect(lines[3]).toMatch(/^\[4\/4\] rescore\.test: score (\d+) → \1 \(scan #\d+ re-scored as record #\d+\)$/);
    expect(lines.slice(4)).toEqual([
      "Re-scored 1 of 4 domains; 0 with a changed score.",
      "Skipped 3: 1 no stored artifacts, 1 the latest scan failed, 1 artifacts this build cannot read.",
    ]);

    const rows = await rowsOf(service.databasePath, "rescore.test");
    expect(rows).toHaveLength(before + 1);
    // Re-scoring the re-scored record went back to the scan that holds the artifacts.
    expect(JSON.parse(rows.at(-1)!.record).rescoredFrom.scanId).toBe(rows[0]!.id);
    expect(await rowsOf(service.databasePath, "old.test")).toHaveLength(1);
  });

  test("--domain with no stored scan, or whose latest scan is skipped, says so and exits 1", async () => {
    const unknown = captureIo();
    expect(await rescoreCommand(["--domain=nowhere.test"], service.runtime.config, unknown.sink)).toBe(EXIT.failure);
    expect(unknown.io.err).toBe(`sightline rescore: no stored scan of nowhere.test in ${service.databasePath}.\n`);
    expect(unknown.io.out).toBe("");

    const failed = captureIo();
    expect(await rescoreCommand(["--domain", "failed.test"], service.runtime.config, failed.sink)).toBe(EXIT.failure);
    expect(failed.io.err).toMatch(/^sightline rescore: failed\.test was not re-scored: the latest scan \(#\d+\) failed/);
  });

  test("a database path that does not exist is not created", async () => {
    const config = loadConfig({ DATABASE_PATH: `${service.databasePath}.missing/none.sqlite`, LOG_LEVEL: "silent" });
    const { io, sink } = captureIo();
    expect(await rescoreCommand(["--all"], config, sink)).toBe(EXIT.failure);
    expect(io.err).toContain("there is no database at");
    expect(await Bun.file(config.DATABASE_PATH).exists()).toBe(false);
  });

  test("/swagger/json documents rescoredFrom on the record", async () => {
    const spec = await (await service.request("/swagger/json")).text();
    expect(spec).toContain("rescoredFrom");
    expect(spec).toContain("The sightline version whose audits and scoring produced this record.");
  });
});

describe("sightline rescore, schema", () => {
  let site: FixtureSite;
  let service: TestRuntime;

  beforeAll(async () => {
    site = await startFixtureSite({ "/": () => new Response(BARE_HOMEPAGE, { headers: { "content-type": "text/html; charset=utf-8" } }) });
    service = await createTestRuntime({ SERVICE: "schema", PIPELINE_TOKEN: TOKEN, SCAN_CONNECT_TO: site.connectTo("home.test", 80) });
  });
  afterAll(async () => {
    await service.close();
    await site.stop();
  });

  test("the schema service re-scores its stored page the same way", async () => {
    expect((await service.scan({ url: "home.test" }, { token: TOKEN })).status).toBe(202);
    const { record: scanned } = await reportWhere(service, "home.test", () => true);
    const { io, sink } = captureIo();
    expect(await rescoreCommand(["--all"], service.runtime.config, sink)).toBe(EXIT.ok);
    const eligible = scanned.result.summary.eligible;
    expect(io.out).toBe(`[1/1] home.test: eligible rich results ${eligible} → ${eligible} (scan #1 re-scored as record #2)\nRe-scored 1 of 1 domains; 0 with a changed score.\n`);

    const served = await reportWhere(service, "home.test", (candidate) => candidate.rescoredFrom !== undefined);
    const { rescoredFrom, ...rest } = served.record;
    expect(rest).toEqual(scanned);
    expect(rescoredFrom).toMatchObject({ scanId: 1, scannedAt: scanned.scannedAt });
    expect([...Value.Errors(SchemaRecordSchema, served.record)]).toEqual([]);
    expect(await (await service.request("/swagger/json")).text()).toContain("rescoredFrom");
  });
});

describe("sightline rescore --all over many domains", () => {
  test("pages through them: each domain once, in order, numbered N of M", async () => {
    const directory = mkdtempSync(join(tmpdir(), "sightline-rescore-many-"));
    try {
      const config = loadConfig({ DATABASE_PATH: join(directory, "scans.sqlite"), LOG_LEVEL: "silent" });
      const db = openDatabase(config.DATABASE_PATH);
      const domains = Array.from({ length: 230 }, (_, index) => `site-${String(index).padStart(3, "0")}.test`);
      for (const domain of [...domains].reverse()) {
        for (const scannedAt of [1000, 2000]) {
          await insertScan(db, { domain, status: "ok", score: 1, scannedAt, recordJson: "{}", artifactsJson: null, caller: { kind: "pipeline" } });
        }
      }
      await db.close();
      const { io, sink } = captureIo();
      expect(await rescoreCommand(["--all"], config, sink)).toBe(EXIT.ok);
      const lines = io.out.trimEnd().split("\n");
      expect(lines.slice(0, -2).map((line) => line.replace(/:.*/, ""))).toEqual(domains.map((domain, index) => `[${index + 1}/230] ${domain}`));
      expect(lines.slice(-2)).toEqual(["Re-scored 0 of 230 domains; 0 with a changed score.", "Skipped 230: 230 no stored artifacts."]);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});

describe("usage", () => {
  test("neither, both, a missing or flag-like domain, a positional argument or an unknown option is bad usage", () => {
    expect(parseRescoreArgs(["--all"])).toEqual({ ok: true, target: { kind: "all" } });
    expect(parseRescoreArgs(["--domain", "a.test"])).toEqual({ ok: true, target: { kind: "domain", input: "a.test" } });
    expect(parseRescoreArgs(["--domain=a.test"])).toEqual({ ok: true, target: { kind: "domain", input: "a.test" } });
    expect(parseRescoreArgs([])).toEqual({ ok: false, error: "say what to re-score: --domain <domain> or --all." });
    for (const bad of [["--all", "--domain", "a.test"], ["--domain", "a.test", "--domain", "b.test"], ["--all", "--all"]]) {
      expect(parseRescoreArgs(bad)).toEqual({ ok: false, error: "give either one --domain or --all." });
    }
    for (const bad of [["--domain"], ["--domain", "--all"], ["--domain="], ["--domain", " "]]) expect(parseRescoreArgs(bad)).toMatchObject({ ok: false, error: expect.stringContaining("--domain needs a domain") });
    expect(parseRescoreArgs(["a.test"])).toMatchObject({ ok: false, error: expect.stringContaining("unexpected argument") });
    expect(parseRescoreArgs(["--all=yes"])).toEqual({ ok: false, error: 'unknown option "--all=yes".' });
  });

  test("through the CLI: exit 2 with the reason on stderr, before any database is opened; --help exits 0", async () => {
    const config = () => loadConfig({ DATABASE_PATH: "/nonexistent/never/created.sqlite", LOG_LEVEL: "silent" });
    const stderr = spyOn(process.stderr, "write").mockImplementation(() => true);
    const stdout = spyOn(process.stdout, "write").mockImplementation(() => true);
    try {
      const cases: [string[], string][] = [
        [["rescore"], "say what to re-score"],
        [["rescore", "--all", "--domain", "a.test"], "give either one --domain or --all"],
        [["rescore", "--domain"], "--domain needs a domain"],
        [["rescore", "--frobnicate"], 'unknown option "--frobnicate"'],
        [["rescore", "--domain", "10.0.0.1"], "IP addresses cannot be scanned"],
      ];
      for (const [argv, message] of cases) {
        stderr.mockClear();
        expect(await runCli(argv, config)).toBe(EXIT.usage);
        expect(stderr.mock.calls.map((call) => String(call[0])).join("")).toContain(message);
      }
      stdout.mockClear();
      expect(await runCli(["rescore", "--help"], config)).toBe(EXIT.ok);
      expect(stdout.mock.calls.map((call) => String(call[0])).join("")).toContain("sightline rescore --domain <domain> | --all");
      stdout.mockClear();
      expect(await runCli(["--help"], config)).toBe(EXIT.ok);
      expect(stdout.mock.calls.map((call) => String(call[0])).join("")).toMatch(/\n {2}rescore +Re-run the audits and scoring/);
    } finally {
      stderr.mockRestore();
      stdout.mockRestore();
    }
  });
});
