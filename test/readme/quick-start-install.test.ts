/**
 * The quick start's install line, run as written in bash (issue 28: `npm install -g bun@…` needed root and
 * downgraded a newer Bun). It is read from README.md and run in a temporary HOME, with PATH stripped of every
 * Bun: with no Bun it installs the tested version for this user; with an older one it does the same and
 * leaves the old one alone; with a newer one it uses that one and installs nothing. npm reaches only its
 * registry (CI allows it), and --prefer-offline takes bun from the cache that CI's own install of the same
 * version filled; the caller's npm cache and certificate settings are passed through for that.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { $ } from "bun";

const ROOT = join(import.meta.dir, "..", "..");
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const quickStart = README.slice(README.indexOf("\n## Quick start\n"), README.indexOf("\n## ", README.indexOf("\n## Quick start\n") + 1));
const firstCommand = /^```sh\n([\s\S]*?)^```$/m.exec(quickStart)![1]!.trim();
const BUN_VERSION = /^SIGHTLINE_BUN_VERSION=(\S+)$/m.exec(readFileSync(join(ROOT, "scripts", "use-bun.sh"), "utf8"))![1]!;
// The install part of the first command: what comes before `bun install`.
const installPart = firstCommand.split(" && bun install")[0]!;
const npmCache = (await $`npm config get cache`.quiet().text()).trim();

const work = mkdtempSync(join(tmpdir(), "sightline-quick-install-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** PATH without any folder that holds a `bun`. */
const pathWithoutBun = (process.env.PATH ?? "").split(delimiter).filter((folder) => folder && !existsSync(join(folder, "bun"))).join(delimiter);

function fakeBun(version: string): string {
  const folder = join(work, `fake-${version}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "bun"), `#!/bin/sh\necho ${version}\n`);
  chmodSync(join(folder, "bun"), 0o755);
  return folder;
}

async function run(home: string, extraPath: string | null): Promise<{ code: number; stdout: string; stderr: string }> {
  const env: Record<string, string> = { HOME: home, PATH: extraPath ? `${extraPath}${delimiter}${pathWithoutBun}` : pathWithoutBun, npm_config_cache: npmCache };
  for (const name of ["NODE_EXTRA_CA_CERTS", "SSL_CERT_FILE", "SSL_CERT_DIR", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "NO_PROXY", "npm_config_registry", "TMPDIR"]) {
    if (process.env[name] !== undefined) env[name] = process.env[name]!;
  }
  // As a reader pastes it, then what `bun` now is.
  const child = Bun.spawn(["bash", "-c", `${installPart} && bun --version && command -v bun`], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, stdout, stderr };
}

describe("the quick start's install line", () => {
  test("sources scripts/use-bun.sh, with no npm -g and no sudo", () => {
    expect(firstCommand).toStartWith(". scripts/use-bun.sh && bun install --frozen-lockfile");
    expect(quickStart).not.toContain("npm install -g");
    expect(quickStart).not.toMatch(/\bsudo\b/);
    expect(BUN_VERSION).toBe(Bun.version);
  });

  test("with no Bun: installs the tested version for this user, without root", async () => {
    const home = join(work, "none");
    mkdirSync(home);
    const result = await run(home, null);
    expect(result.code).toBe(0);
    const [version, where] = result.stdout.trim().split("\n");
    expect(version).toBe(BUN_VERSION);
    expect(where).toStartWith(join(home, ".local", "share", "sightline"));
  }, 180_000);

  test("with an older Bun: installs the tested version beside it and leaves it alone", async () => {
    const home = join(work, "older");
    mkdirSync(home);
    const old = fakeBun("1.0.0");
    const result = await run(home, old);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split("\n")[0]).toBe(BUN_VERSION);
    expect(readFileSync(join(old, "bun"), "utf8")).toContain("echo 1.0.0");
  }, 180_000);

  test("with a newer Bun: uses it, installs nothing (never downgrades)", async () => {
    const home = join(work, "newer");
    mkdirSync(home);
    const newer = fakeBun("9.1.0");
    const result = await run(home, newer);
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split("\n")).toEqual(["9.1.0", join(newer, "bun")]);
    expect(result.stderr).toContain("Using the installed Bun 9.1.0");
    expect(existsSync(join(home, ".local", "share", "sightline"))).toBe(false);
  }, 60_000);
});
