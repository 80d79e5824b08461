import { describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, findPostgresBin, isProcessRunning, postgresUnavailableReason, startThrowawayPostgres, WATCHDOG_NAME } from "../../scripts/lib/throwaway-postgres.ts";
import { postgresLabel, postgresSource } from "../helpers/postgres.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

/** Each test starts one or two clusters (1–3 s each here, more on a loaded machine). */
const CLUSTER_TEST_TIMEOUT_MS = 60_000;
const LIBRARY = join(import.meta.dir, "..", "..", "scripts", "lib", "throwaway-postgres.ts");

describe("findPostgresBin", () => {
  test("without initdb on the PATH, takes the newest version under the library root (10 before 9.6: by number, not by text)", () => {
    const root = mkdtempSync(join(tmpdir(), "sightline-pgbin-"));
    try {
      for (const version of ["9.6", "10", "notaversion"]) fakeServerBinaries(join(root, version, "bin"));
      mkdirSync(join(root, "17", "bin"), { recursive: true }); // a version with only client tools
      expect(findPostgresBin("", root)).toBe(join(root, "10", "bin"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("initdb and pg_ctl on the PATH win over the library root", () => {
    const root = mkdtempSync(join(tmpdir(), "sightline-pgbin-"));
    try {
      fakeServerBinaries(join(root, "path-bin"));
      fakeServerBinaries(join(root, "lib", "16", "bin"));
      expect(findPostgresBin(join(root, "path-bin"), join(root, "lib"))).toBe(join(root, "path-bin"));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  test("none anywhere: null, and the reason says PostgreSQL was not found", () => {
    expect(findPostgresBin("", "/nonexistent/postgresql")).toBeNull();
    expect(postgresUnavailableReason(null)).toStartWith("PostgreSQL not found");
  });
});

describe("postgresSource (where the tests get PostgreSQL)", () => {
  test("TEST_POSTGRES=off skips even with a server URL; TEST_DATABASE_URL comes before a throwaway cluster", () => {
    expect(postgresSource({ TEST_POSTGRES: "off", TEST_DATABASE_URL: "postgres://x@db/postgres" }).kind).toBe("none");
    expect(postgresSource({ TEST_DATABASE_URL: "postgres://x@db/postgres" })).toEqual({ kind: "url", adminUrl: "postgres://x@db/postgres" });
  });
});

test("createDatabase refuses a name that is not a plain identifier, before connecting", async () => {
  await expect(createDatabase("postgres://postgres@127.0.0.1:1/postgres", 'x"; DROP DATABASE postgres; --')).rejects.toThrow("not a plain database name");
  await expect(createDatabase("postgres://postgres@127.0.0.1:1/postgres", "fine", { template: "Upper-Case" })).rejects.toThrow("not a plain database name");
});

// These start clusters of their own, so they need the binaries even where TEST_DATABASE_URL is set.
const source = postgresSource();
const unavailable = source.kind === "none" ? source.reason : postgresUnavailableReason();
if (unavailable !== null) console.warn(`${unavailable}: skipping the throwaway PostgreSQL cluster tests`);

describe.skipIf(unavailable !== null)(postgresLabel("throwaway PostgreSQL cluster", unavailable === null), () => {
  test("two databases on one cluster are separate, a third copies the first; text sorts by byte; stop removes the directory", async () => {
    const cluster = await startThrowawayPostgres();
    let stopped = false;
    try {
      expect(existsSync(join(cluster.dataDir, "data", "PG_VERSION"))).toBe(true);
      const first = await createDatabase(cluster.url, "first_db");
      const second = await createDatabase(cluster.url, "second_db");
      expect(new URL(first).pathname).toBe("/first_db");

      await withSql(first, async (sql) => {
        await sql.unsafe("CREATE TABLE notes (id bigint PRIMARY KEY, body text NOT NULL)");
        await sql.unsafe("INSERT INTO notes (id, body) VALUES ($1, $2)", [1, "only in the first"]);
        expect(await sql.unsafe("SELECT body FROM notes")).toEqual([{ body: "only in the first" }]);
        // Locale C, as SQLite's BINARY collation: upper case before lower case, é after z.
        const sorted = await sql.unsafe("SELECT x FROM (VALUES ('a'), ('é'), ('Z'), ('B')) AS v(x) ORDER BY x");
        expect(sorted.map((row: { x: string }) => row.x)).toEqual(["B", "Z", "a", "é"]);
      });
      await withSql(second, async (sql) => {
        expect(await sql.unsafe("SELECT to_regclass('notes') AS found")).toEqual([{ found: null }]);
      });
      const copy = await createDatabase(cluster.url, "copy_of_first", { template: "first_db" });
      await withSql(copy, async (sql) => {
        expect(await sql.unsafe("SELECT body FROM notes")).toEqual([{ body: "only in the first" }]);
      });

      await cluster.stop();
      stopped = true;
      expect(existsSync(cluster.dataDir)).toBe(false);
      await cluster.stop(); // twice is harmless
      await expect(withSql(cluster.url, (sql) => sql.unsafe("SELECT 1"))).rejects.toThrow();
    } finally {
      if (!stopped) await cluster.stop();
    }
  }, CLUSTER_TEST_TIMEOUT_MS);

  test("a process ended by SIGTERM stops its cluster and removes the directory", async () => {
    const child = await childWithCluster();
    child.process.kill("SIGTERM");
    await child.process.exited;
    expect(await waitUntilGone(child.postmasterPid)).toBe(true);
    expect(await waitUntil(() => !existsSync(child.dataDir))).toBe(true);
  }, CLUSTER_TEST_TIMEOUT_MS);

  test("a process killed with SIGKILL leaves nothing behind: its watchdog stops the server and removes the directory", async () => {
    const child = await childWithCluster();
    child.process.kill("SIGKILL");
    await child.process.exited;
    expect(await waitUntilGone(child.postmasterPid)).toBe(true);
    expect(await waitUntil(() => !existsSync(child.dataDir))).toBe(true);
  }, CLUSTER_TEST_TIMEOUT_MS);

  test("a cluster left with no watchdog either does not block the next one, which sweeps it away", async () => {
    const child = await childWithCluster();
    const watchdog = watchdogOf(child.dataDir);
    expect(watchdog).not.toBeNull();
    process.kill(watchdog!, "SIGKILL");
    child.process.kill("SIGKILL");
    await child.process.exited;
    expect(await waitUntilGone(watchdog!)).toBe(true);
    expect(existsSync(child.dataDir)).toBe(true);
    expect(isProcessRunning(child.postmasterPid)).toBe(true);

    const next = await startThrowawayPostgres();
    try {
      expect(existsSync(child.dataDir)).toBe(false);
      expect(await waitUntilGone(child.postmasterPid)).toBe(true);
      await withSql(next.url, async (sql) => expect(await sql.unsafe("SELECT 1 AS one")).toEqual([{ one: 1 }]));
    } finally {
      await next.stop();
    }
  }, CLUSTER_TEST_TIMEOUT_MS);
});

function fakeServerBinaries(bin: string): void {
  mkdirSync(bin, { recursive: true });
  for (const name of ["initdb", "pg_ctl", "postgres"]) {
    writeFileSync(join(bin, name), "#!/bin/sh\nexit 1\n");
    chmodSync(join(bin, name), 0o755);
  }
}

async function withSql<T>(url: string, body: (sql: SQL) => Promise<T>): Promise<T> {
  const sql = new SQL({ url, max: 1 });
  try {
    return await body(sql);
  } finally {
    await sql.close();
  }
}

/** A separate bun process that starts a cluster, prints its directory and waits to be killed. */
async function childWithCluster(): Promise<{ process: Bun.Subprocess<"ignore", "pipe", "pipe">; dataDir: string; postmasterPid: number }> {
  const code = `import { startThrowawayPostgres } from ${JSON.stringify(LIBRARY)};
const cluster = await startThrowawayPostgres();
console.log(cluster.dataDir);
setInterval(() => {}, 1000);`;
  const child = Bun.spawn([process.execPath, "-e", code], { env: childEnv(), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const reader = child.stdout.getReader();
  let output = "";
  while (!output.includes("\n")) {
    const { done, value } = await reader.read();
    if (done) throw new Error(`child did not start a cluster: ${await new Response(child.stderr).text()}`);
    output += new TextDecoder().decode(value);
  }
  reader.releaseLock();
  const dataDir = output.trim();
  const postmasterPid = Number.parseInt(readFileSync(join(dataDir, "data", "postmaster.pid"), "utf8"), 10);
  return { process: child, dataDir, postmasterPid };
}

/** The watchdog shell of the cluster in `dir`, found by its arguments. */
function watchdogOf(dir: string): number | null {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(`\0${WATCHDOG_NAME}\0${dir}\0`)) return Number(entry);
    } catch {
      // The process ended while we looked.
    }
  }
  return null;
}

/** Polls for up to 10 s: the cleanup happens in other processes, after ours returned. */
async function waitUntil(condition: () => boolean): Promise<boolean> {
  for (let tries = 0; tries < 100 && !condition(); tries++) await Bun.sleep(100);
  return condition();
}

function waitUntilGone(pid: number): Promise<boolean> {
  return waitUntil(() => !isProcessRunning(pid));
}
