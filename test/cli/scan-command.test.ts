import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { parseScanArgs, summary } from "../../src/cli/scan-command.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { type FixtureSite, startFixtureSite, TEST_CA_PATH } from "../helpers/fixture-server.ts";
import { freePort } from "../../scripts/bench/bench-helpers.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { appShellSite } from "../fixtures/sites/problem-sites.ts";
import type { VisibilityRecord } from "../../src/analyzers/visibility/record-schema.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

describe("parseScanArgs", () => {
  test("takes one site, --json, and --min-score as a separate or attached value", () => {
    expect(parseScanArgs(["example.com"])).toEqual({ ok: true, target: "example.com", format: "text", minScore: null, pages: null });
    expect(parseScanArgs(["--min-score", "70", "example.com", "--json"])).toEqual({ ok: true, target: "example.com", format: "json", minScore: 70, pages: null });
    expect(parseScanArgs(["example.com", "--min-score=0"])).toEqual({ ok: true, target: "example.com", format: "text", minScore: 0, pages: null });
  });
  test("refuses missing or extra sites, bad scores and unknown options", () => {
    expect(parseScanArgs([])).toMatchObject({ ok: false, error: expect.stringContaining("give the site") });
    expect(parseScanArgs(["a.com", "b.com"])).toMatchObject({ ok: false });
    for (const bad of [["a.com", "--min-score"], ["a.com", "--min-score", "abc"], ["a.com", "--min-score=101"], ["a.com", "--min-score=-1"]]) expect(parseScanArgs(bad)).toMatchObject({ ok: false });
    expect(parseScanArgs(["a.com", "--verbose"])).toMatchObject({ ok: false, error: 'unknown option "--verbose".' });
  });

  test("takes --format text|json|markdown and --pages N, and refuses anything else with the accepted values", () => {
    expect(parseScanArgs(["a.com", "--format", "markdown", "--pages", "40"])).toEqual({ ok: true, target: "a.com", format: "markdown", minScore: null, pages: 40 });
    expect(parseScanArgs(["a.com", "--format=json", "--pages=500"])).toEqual({ ok: true, target: "a.com", format: "json", minScore: null, pages: 500 });
    expect(parseScanArgs(["a.com", "--format", "html"])).toEqual({ ok: false, error: '--format needs one of text, json, markdown, not "html".' });
    expect(parseScanArgs(["a.com", "--format"])).toEqual({ ok: false, error: "--format needs one of text, json, markdown." });
    for (const bad of ["0", "501", "2.5", "-1", "ten", "1e2"]) {
      expect(parseScanArgs(["a.com", "--pages", bad])).toEqual({ ok: false, error: `--pages needs a whole number from 1 to 500, not "${bad}".` });
    }
    expect(parseScanArgs(["a.com", "--pages"])).toEqual({ ok: false, error: "--pages needs a whole number from 1 to 500." });
  });
});

describe("summary", () => {
  test("a failed scan says why", () => {
    const record: VisibilityRecord = { domain: "x.com", status: "failed", scannedAt: "2026-01-01T00:00:00Z", result: null, offSite: null, reason: "The site could not be reached." };
    expect(summary(record, null)).toContain("the scan failed. The site could not be reached.");
  });
});

describe("sightline scan (the binary)", () => {
  let binary: string;
  let site: FixtureSite;
  let shell: FixtureSite;
  let closedPort: number;

  beforeAll(async () => {
    binary = await sightlineBinary();
    site = await startFixtureSite(wellPreparedSite("cli.secure.test"), { tls: true });
    shell = await startFixtureSite(appShellSite("shell-cli.secure.test"), { tls: true });
    closedPort = await freePort();
  }, 120_000);
  afterAll(async () => {
    await site.stop();
    await shell.stop();
  });

  async function run(...args: string[]) {
    const child = Bun.spawn([binary, "scan", ...args], {
      env: childEnv({
        NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
        SCAN_CONNECT_TO: [site.connectTo("cli.secure.test"), shell.connectTo("shell-cli.secure.test"), `shell-cli.secure.test:80:127.0.0.1:${closedPort}`, `cli.secure.test:80:127.0.0.1:${closedPort}`, `down.test:443:127.0.0.1:${closedPort}`, `down.test:80:127.0.0.1:${closedPort}`, `www.down.test:443:127.0.0.1:${closedPort}`, `www.down.test:80:127.0.0.1:${closedPort}`].join(","),
        OFFSITE_CHECKS: "off",
        FETCH_TIMEOUT_MS: "3000",
        SCAN_TIMEOUT_MS: "15000",
      }),
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    return { stdout, stderr, code };
  }

  test("prints a readable summary and exits 0", async () => {
    const { stdout, code } = await run("https://cli.secure.test/pricing");
    expect(code).toBe(0);
    expect(stdout).toMatch(/^cli\.secure\.test: \d+\/100, grade [AB] \(/);
    expect(stdout).toContain("Pillars:");
    expect(stdout).toContain("Access for AI crawlers");
  });

  // Issue 28: with OFFSITE_CHECKS=off (as in CI) the score leaves out the off-site pillar; the CLI says so.
  test("says that off-site checks were off and the score leaves out presence: in the summary, and on stderr with --json", async () => {
    const human = await run("cli.secure.test");
    expect(human.stdout).toContain("Off-site checks were off (OFFSITE_CHECKS=off): the score leaves out Off-site presence (weight 10)");
    const json = await run("cli.secure.test", "--json");
    expect(json.stderr).toContain("Off-site checks were off (OFFSITE_CHECKS=off)");
    expect(json.stdout).not.toContain("Off-site checks were off");
  }, 60_000);

  test("--json prints the record the API serves", async () => {
    const { stdout, code } = await run("cli.secure.test", "--json");
    expect(code).toBe(0);
    const record = JSON.parse(stdout) as VisibilityRecord;
    expect(record).toMatchObject({ domain: "cli.secure.test", status: "ok", offSite: null });
    expect(record.result!.pillars).toHaveLength(7);
  });

  // Several scans by the binary in one test: more than bun's 5 s default on a loaded machine.
  test("--min-score: 0 when met, 1 when the score is below, in both spellings", async () => {
    expect((await run("cli.secure.test", "--min-score", "70")).code).toBe(0);
    expect((await run("cli.secure.test", "--min-score=70")).code).toBe(0);
    for (const args of [["--min-score", "70"], ["--min-score=70"]]) {
      const below = await run("shell-cli.secure.test", ...args);
      expect(below.code).toBe(1);
      expect(below.stdout).toContain("Score 40 is below --min-score 70.");
      expect(below.stderr).toContain("is below --min-score 70");
    }
  }, 30_000);

  test("--format markdown prints a PR comment, with the exit codes of --min-score", async () => {
    const met = await run("cli.secure.test", "--format", "markdown", "--min-score", "70");
    expect(met.code).toBe(0);
    expect(met.stdout).toMatch(/^## AI visibility: cli\\\.secure\\\.test: \d+\/100, grade [AB]\n/);
    expect(met.stdout).toContain("meets --min-score 70");
    expect(met.stdout).toContain("### Top issues");
    const below = await run("shell-cli.secure.test", "--format=markdown", "--min-score=70", "--pages=3");
    expect(below.code).toBe(1);
    expect(below.stdout).toContain("**below --min-score 70**");
    expect(below.stderr).toContain("is below --min-score 70");
    expect((await run("cli.secure.test", "--format", "yaml")).code).toBe(2);
    expect((await run("cli.secure.test", "--pages", "0")).code).toBe(2);
  }, 30_000);

  test("exits 1 when the site cannot be scanned, and 2 on bad usage", async () => {
    const down = await run("down.test");
    expect(down.code).toBe(1);
    expect(down.stdout).toContain("the scan failed");
    expect((await run()).code).toBe(2);
    expect((await run("cli.secure.test", "--min-score=high")).code).toBe(2);
    expect((await run("cli.secure.test", "--frobnicate")).code).toBe(2);
    expect((await run("http://10.0.0.1/")).code).toBe(2);
  }, 30_000);
});
