/**
 * The README's quick start, run as written as far as it can run offline. Its code blocks are read
 * from README.md (so editing the README changes what runs) and executed against a server started with
 * the README's own `bun run start`, on loopback:
 * - the two install commands: the install steps are not repeated (this test runs in an installed
 *   checkout, possibly offline); their Bun version and the scripts they end with are checked, and
 *   `bun run start` is run (`bun test` is not: it would run this test again);
 * - the server prints the address to open, as the README shows; that address serves the home page;
 * - the key command and the API example run in bash, one after the other, as a reader pastes them;
 *   the key is accepted and the scan of example.com is started and reaches a stored record;
 * - a key command run from another folder refuses to create a database, as the README says.
 * The only departures from the embedded defaults, so that the test can run beside others and offline:
 * a free port instead of 3000, HOST=127.0.0.1, a temporary DATABASE_PATH, OFFSITE_CHECKS=off, and
 * example.com served over HTTP by a fixture site on loopback through SCAN_CONNECT_TO. Every http://localhost:3000
 * in the README's commands becomes the test server's address.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Subprocess } from "bun";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/bench/bench-helpers.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { pollReport } from "../helpers/poll-report.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

const ROOT = join(import.meta.dir, "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const README_URL = "http://localhost:3000";

interface CodeBlock {
  lang: string;
  body: string;
}

/** The text of one `## ` section, up to the next one. */
function section(markdown: string, title: string): string {
  const start = markdown.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`README.md has no "## ${title}" section`);
  const end = markdown.indexOf("\n## ", start + 1);
  return markdown.slice(start, end < 0 ? undefined : end);
}

function codeBlocks(markdown: string): CodeBlock[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)].map((match) => ({ lang: match[1]!, body: match[2]! }));
}

const quickStart = section(README, "Quick start");
const blocks = codeBlocks(quickStart);
const shellBlocks = blocks.filter((block) => block.lang === "sh");

let work: string;
let site: FixtureSite;
let server: Subprocess<"ignore", "pipe", "pipe"> | undefined;
let stderr = "";
let env: Record<string, string>;
let baseUrl: string;

/** The README's commands, pointed at the test server. */
const localise = (text: string) => text.replaceAll(README_URL, baseUrl);

async function readInto(stream: ReadableStream<Uint8Array>, append: (text: string) => void): Promise<void> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    append(decoder.decode(value, { stream: true }));
  }
}

async function waitFor(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline || server?.exitCode !== null) throw new Error(`${what}; server stderr:\n${stderr}`);
    await Bun.sleep(100);
  }
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), "sightline-readme-"));
  // Plain HTTP: the test certificate does not name example.com, and a name routed for port 80 alone is
  // scanned over http, as a real http-only site is.
  site = await startFixtureSite(wellPreparedSite("example.com"));
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  // Only what a shell needs (PATH, HOME…) of this process's environment: a developer's SERVICE or DATABASE_URL would change what the quick start does.
  env = childEnv({
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: baseUrl,
    DATABASE_PATH: join(work, "data", "visibility.sqlite"),
    OFFSITE_CHECKS: "off",
    SCAN_CONNECT_TO: [site.connectTo("example.com", 80), site.connectTo("www.example.com", 80)].join(","),
    LOG_LEVEL: "info",
  });
}, 30_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill("SIGTERM");
    await server.exited;
  }
  await site?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the README's quick start", () => {
  test("begins with the two commands: install and start, install and test, on the Bun this checkout uses", () => {
    expect(shellBlocks.length).toBeGreaterThanOrEqual(4);
    const scripts = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")).scripts as Record<string, string>;
    const [start, tests] = shellBlocks.map((block) => block.body.trim());
    // Bun comes from scripts/use-bun.sh (run as written in quick-start-install.test.ts): no root, no downgrade.
    const shape = /^\. scripts\/use-bun\.sh && bun install --frozen-lockfile && (bun run start|bun test)$/;
    expect(start).toMatch(shape);
    expect(tests).toMatch(shape);
    expect(readFileSync(join(ROOT, "scripts", "use-bun.sh"), "utf8")).toContain(`SIGHTLINE_BUN_VERSION=${Bun.version}\n`);
    expect(shape.exec(start!)![1]).toBe("bun run start");
    expect(shape.exec(tests!)![1]).toBe("bun test");
    expect(scripts.start).toBe("bun src/main.ts");
    expect(scripts.test).toBe("bun test");
    // The next thing a reader is told is the address to open.
    const afterCommands = quickStart.slice(quickStart.indexOf(tests!) + tests!.length);
    expect(afterCommands).toContain("```\n\n`scripts/use-bun.sh` uses the Bun you have");
    expect(afterCommands).toContain("\n\nThen open http://localhost:3000");
  });

  test("`bun run start` serves, and prints the address to open as the README shows it", async () => {
    const start = shellBlocks[0]!.body.trim().split(" && ").at(-1)!;
    server = Bun.spawn(["bash", "-c", `exec ${start}`], { cwd: ROOT, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
    void readInto(server.stdout, () => {});
    void readInto(server.stderr, (text) => {
      stderr += text;
    });
    await waitFor(() => stderr.includes("is ready: open"), 30_000, "the server did not print the address to open");
    const banner = blocks.find((block) => block.lang === "text" && block.body.includes("is ready: open"));
    expect(banner).toBeDefined();
    const expected = localise(banner!.body)
      .replace("0.0.0.0:3000", `127.0.0.1:${env.PORT}`)
      .replace("./data/visibility.sqlite", env.DATABASE_PATH!);
    await waitFor(() => stderr.includes(expected.trimEnd()), 5_000, `the banner differs from the README's:\n${expected}`);
    const home = await fetch(`${baseUrl}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("<form");
  }, 60_000);

  test("the key command and the first API example run as pasted: the key is accepted and the scan reaches a record", async () => {
    const keyBlock = shellBlocks.find((block) => block.body.includes("keys create"));
    const apiBlock = shellBlocks.find((block) => block.body.includes("/api/scan"));
    expect(keyBlock).toBeDefined();
    expect(apiBlock).toBeDefined();
    // The example defines the token it uses before using it.
    expect(shellBlocks.indexOf(keyBlock!)).toBeLessThan(shellBlocks.indexOf(apiBlock!));
    expect(keyBlock!.body).toContain("SIGHTLINE_TOKEN=");
    expect(apiBlock!.body).toContain("$SIGHTLINE_TOKEN");
    expect(keyBlock!.body).toContain("bun src/main.ts keys create");

    const script = `set -euo pipefail\n${localise(keyBlock!.body)}\n${localise(apiBlock!.body)}`;
    const run = Bun.spawnSync(["bash", "-c", script], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe" });
    const output = run.stdout.toString();
    expect(run.exitCode).toBe(0);
    expect(run.stderr.toString()).toContain("cannot be shown again");
    // The POST answers 202 {"domain":"example.com"}; the poll that follows at once finds the scan queued or running (404).
    expect(output).toStartWith('{"domain":"example.com"}');
    const record = await pollReport(baseUrl, "example.com", 30_000);
    expect(record.domain).toBe("example.com");
    expect(record.status).toBe("ok");
    const page = await fetch(`${baseUrl}/report/example.com`);
    expect(page.status).toBe(200);

    // The poll loop, as pasted: it asks for a rescan and waits for a record newer than the request, not the old one.
    const loopBlock = shellBlocks.find((block) => block.body.includes("scannedAt"));
    expect(loopBlock).toBeDefined();
    const loop = Bun.spawn(["bash", "-c", `set -uo pipefail\n${localise(keyBlock!.body)}\n${localise(loopBlock!.body)}`], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe" });
    const [loopOut, loopErr, loopCode] = await Promise.all([new Response(loop.stdout).text(), new Response(loop.stderr).text(), loop.exited]);
    expect(loopCode, loopErr).toBe(0);
    const newer = (await (await fetch(`${baseUrl}/api/report/example.com.json`)).json()) as { scannedAt: string };
    expect(Date.parse(newer.scannedAt)).toBeGreaterThan(Date.parse(record.scannedAt));
    expect(loopOut.trim()).toEndWith(`new record: "scannedAt":"${newer.scannedAt}"`);
  }, 90_000);

  test("\"Scan a site on your own machine\": the command as written scans a site on a loopback port", async () => {
    const block = shellBlocks.find((candidate) => candidate.body.includes("SCAN_CONNECT_TO=my-site.test"));
    expect(block).toBeDefined();
    const local = await startFixtureSite(wellPreparedSite("my-site.test"));
    try {
      // The README's port 8080 becomes the fixture's; everything else runs as written.
      const command = block!.body.trim().replaceAll(":8080", `:${local.port}`);
      const { SCAN_CONNECT_TO: _ignored, ...withoutMapping } = env;
      // Not spawnSync: the fixture site answers from this process's event loop.
      const run = Bun.spawn(["bash", "-c", command], { cwd: ROOT, env: withoutMapping, stdout: "pipe", stderr: "pipe" });
      const [stdout, stderr, code] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text(), run.exited]);
      expect(code, stderr).toBe(0);
      expect(stdout).toContain("my-site.test");
      expect(stdout).toMatch(/\b\d{1,3}\/100\b/);
    } finally {
      await local.stop();
    }
  }, 60_000);

  test("without the header, the 403 the README quotes: the interface's error and a hint naming the key", async () => {
    const refused = await fetch(`${baseUrl}/api/scan`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"url":"example.com"}' });
    expect(refused.status).toBe(403);
    const body = (await refused.json()) as { error: string; hint: string };
    expect(body.error).toBe("Verification failed. Please retry.");
    expect(quickStart).toContain(`{"error":"${body.error}","hint":"${body.hint.split(". ")[0]}`.replace("No API key and no", "No API key and\nno"));
  });

  test("a key command run in another folder refuses to create a database and names the file it looked for", () => {
    const elsewhere = mkdtempSync(join(work, "elsewhere-"));
    const { DATABASE_PATH: _ignored, ...withoutPath } = env;
    const run = Bun.spawnSync(["bun", join(ROOT, "src/main.ts"), "keys", "create", "quick start"], { cwd: elsewhere, env: withoutPath, stdout: "pipe", stderr: "pipe" });
    expect(run.exitCode).toBe(1);
    expect(run.stdout.toString()).toBe("");
    expect(run.stderr.toString()).toContain(`there is no database at ${join(elsewhere, "data", "visibility.sqlite")}`);
    expect(existsSync(join(elsewhere, "data"))).toBe(false);
  }, 30_000);

  test("the container image sets no shared DATABASE_PATH, and the README shows a SERVICE=schema container", () => {
    const dockerfile = readFileSync(join(ROOT, "Dockerfile"), "utf8");
    expect(dockerfile).not.toMatch(/^ENV .*DATABASE_PATH/m);
    expect(dockerfile).toMatch(/^WORKDIR \/$/m);
    const containers = section(README, "Operations");
    expect(containers).toMatch(/docker run [^\n]*-e SERVICE=schema[^\n]* sightline/);
  });

  test("every in-page link of the README names one of its headings", () => {
    // GitHub's anchors: lower case, punctuation dropped, spaces to hyphens.
    const anchors = new Set([...README.matchAll(/^#{1,6} (.+)$/gm)].map((match) => match[1]!.toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, "").replaceAll(" ", "-")));
    const links = [...README.matchAll(/\]\(#([^)]+)\)/g)].map((match) => match[1]!);
    expect(links.length).toBeGreaterThan(5);
    expect(links.filter((link) => !anchors.has(link))).toEqual([]);
  });
});
