import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { startBinaryServer } from "../../../scripts/lib/binary-server.ts";
import { startService } from "../../../scripts/lib/service-process.ts";
import { childEnv, PASSED_THROUGH } from "../../../scripts/lib/child-env.ts";

const REPO = join(import.meta.dir, "../../..");
const SCRIPTS = join(REPO, "scripts");
const TESTS = join(REPO, "test");

describe("childEnv: what a script hands to the process it starts", () => {
  const parent = {
    PATH: "/usr/bin",
    HOME: "/home/dev",
    TMPDIR: "/tmp/dev",
    LANG: "en_GB.UTF-8",
    LC_ALL: "C.UTF-8",
    TZ: "Europe/Berlin",
    DATABASE_URL: "postgres://dev@db.internal/sightline",
    SERVICE: "schema",
    PORT: "8080",
    PUBLIC_URL: "https://sightline.example",
    SCAN_CONNECT_TO: "example.com:443:10.0.0.1:443",
    BUN_JSC_useJIT: "0",
  };

  test("only the allowlisted names of the caller's environment pass", () => {
    expect(childEnv({}, parent)).toEqual({ PATH: "/usr/bin", HOME: "/home/dev", TMPDIR: "/tmp/dev", LANG: "en_GB.UTF-8", LC_ALL: "C.UTF-8", TZ: "Europe/Berlin" });
    expect(Object.keys(childEnv({}, parent)).sort()).toEqual([...PASSED_THROUGH].sort());
  });

  test("names the caller does not have are left out, not set empty", () => {
    expect(childEnv({}, { PATH: "/bin", DATABASE_URL: "postgres://x" })).toEqual({ PATH: "/bin" });
  });

  test("explicit settings are kept and win over inherited names; an undefined setting leaves the name out", () => {
    const env = childEnv({ DATABASE_PATH: "/tmp/run/db.sqlite", TZ: "UTC", HOME: undefined, SERVICE: "visibility" }, parent);
    expect(env.DATABASE_PATH).toBe("/tmp/run/db.sqlite");
    expect(env.TZ).toBe("UTC");
    expect(env.SERVICE).toBe("visibility");
    expect("HOME" in env).toBe(false);
    expect(env.PATH).toBe("/usr/bin");
    expect(env.DATABASE_URL).toBeUndefined();
  });

  test("by default it reads this process's environment", () => {
    expect(childEnv().PATH).toBe(process.env.PATH!);
  });
});

/** Every `Bun.spawn(…)` / `Bun.spawnSync(…)` call in a source text, whole (parentheses balanced). */
function spawnCalls(source: string): string[] {
  const calls: string[] = [];
  for (const match of source.matchAll(/Bun\.spawn(?:Sync)?\(/g)) {
    let depth = 0;
    for (let index = match.index + match[0].length - 1; index < source.length; index++) {
      if (source[index] === "(") depth++;
      else if (source[index] === ")" && --depth === 0) {
        calls.push(source.slice(match.index, index + 1));
        break;
      }
    }
  }
  return calls;
}

function scriptFiles(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? scriptFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Processes started by scripts that are not ours and need the caller's environment: these are the deliberate exceptions. */
const NOT_OURS = [
  // ldd of the binary, to list its shared libraries.
  { file: "scripts/docker-rootfs.ts", command: '["ldd", binary]' },
  // PostgreSQL's own programs for a throwaway cluster; it drops the PG* variables itself.
  { file: "scripts/lib/throwaway-postgres.ts", command: '["sh", "-c", script' },
  { file: "scripts/lib/throwaway-postgres.ts", command: "asServerUser(command)" },
];

describe("scripts start our binary and our source with childEnv only", () => {
  const files = scriptFiles(SCRIPTS).map((path) => ({ file: relative(REPO, path), source: readFileSync(path, "utf8") }));

  test("no script hands its whole environment on", () => {
    const offenders = files.filter(({ source }) => /\.\.\.\s*process\.env\b|env:\s*process\.env\b/.test(source)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  test("every process a script starts gets an environment of its own, unless it is a listed exception", () => {
    const calls = files.flatMap(({ file, source }) => spawnCalls(source).map((call) => ({ file, call })));
    expect(calls.length).toBeGreaterThan(10);
    const exempt = ({ file, call }: { file: string; call: string }) => NOT_OURS.some((allowed) => allowed.file === file && call.includes(allowed.command));
    // Without an env option, a child inherits all of process.env.
    const unguarded = calls.filter((entry) => !exempt(entry) && !/\benv\b/.test(entry.call.replace(/^Bun\.spawn(?:Sync)?\(\s*\[[^\]]*\]/, "")));
    expect(unguarded.map(({ file, call }) => `${file}: ${call.slice(0, 80)}`)).toEqual([]);
    // Each exception still matches a call, so the list cannot silently outlive the code.
    for (const allowed of NOT_OURS) expect(calls.some((entry) => entry.file === allowed.file && entry.call.includes(allowed.command))).toBe(true);
  });

  test("every script that starts a process of ours builds its environment with childEnv", () => {
    const starters = files.filter(({ source }) => spawnCalls(source).some((call) => /\(\s*\[\s*(binary|process\.execPath)\b/.test(call)));
    expect(starters.length).toBeGreaterThan(5);
    expect(starters.filter(({ source }) => !source.includes("childEnv(")).map(({ file }) => file)).toEqual([]);
  });
});

/** Every Bun Shell command (`$` with a template) in a source text, with the calls chained on it (`.env(…)`, `.quiet()`). */
function shellCommands(source: string): string[] {
  return [...source.matchAll(/(?:^|[\s(=])\$`[^`]*`(?:\.\w+\([^)]*\))*/gm)].map((match) => match[0].trim());
}

/**
 * Processes that tests start with the caller's environment on purpose. Tests that run against
 * PostgreSQL are no exception: they pass the URL of the throwaway database they made, as a setting.
 */
const TESTS_NOT_OURS = [
  // The build of the binary under test: the caller's toolchain, as `bun run build` has it. The build starts our binary itself only with childEnv (scripts/build.ts).
  { file: "test/helpers/binary.ts", command: "$`bun scripts/build.ts" },
  // The README's install line, run as a new user would in a bare environment of its own (HOME, PATH, npm's cache): npm and bash, not our binary.
  { file: "test/readme/quick-start-install.test.ts", command: "$`npm config get cache`" },
  { file: "test/readme/quick-start-install.test.ts", command: 'Bun.spawn(["bash", "-c", `${installPart} && bun --version' },
];

describe("tests start our binary and our source with childEnv only", () => {
  // This file is left out: it names the patterns it looks for.
  const files = scriptFiles(TESTS)
    .filter((path) => path !== import.meta.path)
    .map((path) => ({ file: relative(REPO, path), source: readFileSync(path, "utf8") }));
  const exempt = ({ file, call }: { file: string; call: string }) => TESTS_NOT_OURS.some((allowed) => allowed.file === file && call.includes(allowed.command));

  test("no test hands its whole environment on: a developer's DATABASE_URL, SERVICE, PORT or SCAN_CONNECT_TO would reach the service", () => {
    const offenders = files.filter(({ source }) => /\.\.\.\s*\(?\s*process\.env\b|env:\s*process\.env\b/.test(source)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  test("every process a test starts gets an environment of its own, built with childEnv", () => {
    const calls = files.flatMap(({ file, source }) => spawnCalls(source).map((call) => ({ file, call })));
    expect(calls.length).toBeGreaterThan(10);
    const unguarded = calls.filter((entry) => !exempt(entry) && !/\benv\b/.test(entry.call.replace(/^Bun\.spawn(?:Sync)?\(\s*\[[^\]]*\]/, "")));
    expect(unguarded.map(({ file, call }) => `${file}: ${call.slice(0, 80)}`)).toEqual([]);
    const spawning = new Set(calls.filter((entry) => !exempt(entry)).map(({ file }) => file));
    expect([...spawning].filter((file) => !files.find((entry) => entry.file === file)!.source.includes("childEnv(")).sort()).toEqual([]);
  });

  test("every Bun Shell command of a test is given childEnv, unless it is a listed exception", () => {
    const commands = files.flatMap(({ file, source }) => shellCommands(source).map((call) => ({ file, call })));
    expect(commands.length).toBeGreaterThan(1);
    expect(commands.filter((entry) => !exempt(entry) && !entry.call.includes(".env(childEnv(")).map(({ file, call }) => `${file}: ${call.slice(0, 80)}`)).toEqual([]);
    // Each exception still matches a command, so the list cannot silently outlive the code.
    const spawns = files.flatMap(({ file, source }) => spawnCalls(source).map((call) => ({ file, call })));
    for (const allowed of TESTS_NOT_OURS) expect([...commands, ...spawns].some((entry) => entry.file === allowed.file && entry.call.includes(allowed.command))).toBe(true);
  });
});

/** Sets names in this process's environment for the length of `run`, then puts back what was there. */
async function withParentEnv(names: Record<string, string>, run: () => Promise<void>): Promise<void> {
  const saved = Object.fromEntries(Object.keys(names).map((name) => [name, process.env[name]]));
  Object.assign(process.env, names);
  try {
    await run();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

describe("startService (which the tests use) leaves the caller's configuration behind", () => {
  test("with DATABASE_URL, SERVICE, PORT and SCAN_CONNECT_TO set in this process, the service is the visibility service on its own SQLite file and a free port", async () => {
    const work = mkdtempSync(join(tmpdir(), "sightline-start-service-"));
    const databasePath = join(work, "own.sqlite");
    try {
      // A leaked DATABASE_URL would fail the first request that needs the store (nothing answers there); SERVICE would make it the schema service; PORT would pin the port.
      await withParentEnv(
        { DATABASE_URL: "postgres://sightline@nowhere.invalid:5432/sightline", SERVICE: "schema", PORT: "1", SCAN_CONNECT_TO: "example.com:443:10.0.0.1:443" },
        async () => {
          const server = await startService([process.execPath, join(REPO, "src/main.ts")], { DATABASE_PATH: databasePath, OFFSITE_CHECKS: "off", LOG_LEVEL: "info" });
          try {
            expect(server.port).not.toBe(1);
            const health = (await (await fetch(`${server.baseUrl}/healthz`)).json()) as { service: string };
            expect(health.service).toBe("visibility");
            expect((await fetch(`${server.baseUrl}/api/report/never-scanned.example.json`)).status).toBe(404);
            expect(existsSync(databasePath)).toBe(true);
          } finally {
            await server.stop();
          }
        },
      );
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});

describe("startBinaryServer leaves the caller's configuration behind", () => {
  test("with DATABASE_URL and SERVICE set in this process, the server still starts on its own SQLite file as the visibility service", async () => {
    const work = mkdtempSync(join(tmpdir(), "sightline-child-env-"));
    // The server from source, behind a one-line launcher, as startBinaryServer starts a binary with no arguments.
    const launcher = join(work, "sightline");
    writeFileSync(launcher, `#!/bin/sh\nexec '${process.execPath}' '${join(REPO, "src/main.ts")}' "$@"\n`);
    chmodSync(launcher, 0o755);
    const saved = { DATABASE_URL: process.env.DATABASE_URL, SERVICE: process.env.SERVICE };
    // A leaked DATABASE_URL would make the server fail to start (nothing answers there); a leaked SERVICE would make it the schema service.
    process.env.DATABASE_URL = "postgres://sightline@nowhere.invalid:5432/sightline";
    process.env.SERVICE = "schema";
    const databasePath = join(work, "own.sqlite");
    try {
      const server = await startBinaryServer(launcher, { DATABASE_PATH: databasePath, OFFSITE_CHECKS: "off", LOG_LEVEL: "silent" });
      try {
        const health = (await (await fetch(`${server.baseUrl}/healthz`)).json()) as { service: string };
        expect(health.service).toBe("visibility");
        // /healthz answers before the store is open; a report request waits for it (a leaked DATABASE_URL fails here).
        const report = await fetch(`${server.baseUrl}/api/report/never-scanned.example.json`);
        expect(report.status).toBe(404);
        expect(existsSync(databasePath)).toBe(true);
      } finally {
        await server.stop();
      }
    } finally {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      rmSync(work, { recursive: true, force: true });
    }
  }, 60_000);
});
