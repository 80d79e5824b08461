import { describe, expect, test } from "bun:test";
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { startBinaryServer } from "../../../scripts/lib/binary-server.ts";
import { childEnv, PASSED_THROUGH } from "../../../scripts/lib/child-env.ts";

const REPO = join(import.meta.dir, "../../..");
const SCRIPTS = join(REPO, "scripts");

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
