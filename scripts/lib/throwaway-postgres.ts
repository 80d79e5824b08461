/**
 * A throwaway PostgreSQL cluster for tests, benchmarks and CI: initdb into a temporary directory,
 * start it on 127.0.0.1 and a free port, hand back its URL, and remove every trace on stop. No
 * Docker and no system service: only the server binaries (Debian's `postgresql` package).
 *
 * Durability is switched off (fsync, synchronous_commit, full_page_writes): the data is thrown away,
 * and a test suite that creates a database per test would otherwise wait on the disk.
 *
 * Nothing outlives the process that started the cluster: a watchdog process removes it when that
 * process ends in any way, and a start sweeps what a machine crash left behind.
 */
import { SQL } from "bun";
import { chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync, appendFileSync, realpathSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

export interface ThrowawayPostgres {
  /** Superuser URL of the `postgres` database (trust authentication, no password). */
  url: string;
  /** The temporary directory holding the cluster, its log and its unix socket. */
  dataDir: string;
  /** Stops the server at once (`pg_ctl stop -m immediate`) and removes the directory. Safe to call twice. */
  stop(): Promise<void>;
}

export interface ThrowawayPostgresOptions {
  /** The directory holding initdb and pg_ctl; found with findPostgresBin() when absent. */
  binDir?: string;
  /** How long to wait for the server to accept connections, per attempt. Default 30 s. */
  startTimeoutMs?: number;
  /** Extra `name = value` server settings, appended to postgresql.conf. */
  settings?: Record<string, string | number>;
}

/** The prefix of every cluster directory in the temporary folder; a later run sweeps orphans by it. */
const DIR_PREFIX = "sightline-pg-";
const OWNER_FILE = "owner.pid";
const SUPERUSER = "postgres";
const PORT_ATTEMPTS = 5;

/**
 * The directory holding initdb and pg_ctl: the PATH's, else the newest /usr/lib/postgresql/N/bin
 * (Debian installs the server binaries there and keeps them off the PATH). Null when there is none.
 */
export function findPostgresBin(searchPath = process.env.PATH ?? "", libRoot = "/usr/lib/postgresql"): string | null {
  const initdb = Bun.which("initdb", { PATH: searchPath });
  const pgCtl = Bun.which("pg_ctl", { PATH: searchPath });
  if (initdb && pgCtl) {
    // Follow a symlink (/usr/local/bin/initdb → /usr/lib/postgresql/15/bin/initdb) so pg_ctl finds
    // its own `postgres` binary beside it.
    const real = dirname(realpathSync(initdb));
    if (hasServerBinaries(real)) return real;
    if (hasServerBinaries(dirname(initdb))) return dirname(initdb);
  }
  if (!existsSync(libRoot)) return null;
  const versions = readdirSync(libRoot)
    .filter((name) => /^\d+(\.\d+)?$/.test(name))
    .sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(libRoot, version, "bin");
    if (hasServerBinaries(bin)) return bin;
  }
  return null;
}

function hasServerBinaries(bin: string): boolean {
  return existsSync(join(bin, "initdb")) && existsSync(join(bin, "pg_ctl")) && existsSync(join(bin, "postgres"));
}

/**
 * Why a throwaway cluster cannot run here, or null when it can. PostgreSQL refuses to run as root,
 * so as root the cluster runs as the `postgres` OS user, which the Debian package creates.
 */
export function postgresUnavailableReason(binDir: string | null = findPostgresBin()): string | null {
  if (binDir === null) return "PostgreSQL not found (no initdb and pg_ctl on the PATH or in /usr/lib/postgresql/*/bin)";
  if (isRoot()) {
    if (postgresOsUser() === null) return "PostgreSQL cannot run here (running as root, and there is no `postgres` OS user to run the server as)";
    if (!Bun.which("runuser")) return "PostgreSQL cannot run here (running as root, and runuser is missing to run the server as `postgres`)";
  }
  return null;
}

/** Starts a fresh cluster. Throws, with the server log, when PostgreSQL is present but does not start. */
export async function startThrowawayPostgres(options: ThrowawayPostgresOptions = {}): Promise<ThrowawayPostgres> {
  const binDir = options.binDir ?? findPostgresBin();
  const unavailable = postgresUnavailableReason(binDir);
  if (unavailable !== null || binDir === null) throw new Error(`cannot start a throwaway PostgreSQL: ${unavailable}`);
  await sweepOrphans(binDir);

  const dir = mkdtempSync(join(clusterParent(), DIR_PREFIX));
  writeFileSync(join(dir, OWNER_FILE), `${process.pid}\n`);
  const cluster: Running = { binDir, dir, dataDir: join(dir, "data"), stopped: false };
  cluster.watchdog = startWatchdog(cluster);
  try {
    const user = isRoot() ? postgresOsUser() : null;
    if (user) chownSync(dir, user.uid, user.gid);
    await initCluster(cluster, options.settings ?? {});
    const port = await startOnFreePort(cluster, options.startTimeoutMs ?? 30_000);
    const url = `postgres://${SUPERUSER}@127.0.0.1:${port}/postgres`;
    await waitForConnections(url, options.startTimeoutMs ?? 30_000);
    return { url, dataDir: dir, stop: () => stopCluster(cluster) };
  } catch (error) {
    await stopCluster(cluster);
    throw error;
  }
}

/**
 * Creates a database on the server behind `adminUrl` and returns its URL: empty, or a copy of
 * `template` (a database migrated once and cloned per test is faster than migrating each). Names
 * must be plain lower-case identifiers: they are written into the statement (an identifier cannot
 * be a parameter). A template must have no open connections while it is copied.
 */
export async function createDatabase(adminUrl: string, name: string, options: { template?: string } = {}): Promise<string> {
  assertIdentifier(name);
  if (options.template !== undefined) assertIdentifier(options.template);
  await withAdmin(adminUrl, async (sql) => {
    // FILE_COPY (PostgreSQL 15+) copies the template's files instead of logging every block: about
    // a third faster here, which counts when every test takes a fresh database.
    const [row] = await sql.unsafe("SELECT current_setting('server_version_num')::int AS version");
    const template = options.template === undefined ? "" : ` TEMPLATE "${options.template}"`;
    const strategy = Number(row?.version) >= 150000 ? " STRATEGY = FILE_COPY" : "";
    await sql.unsafe(`CREATE DATABASE "${name}"${template}${strategy}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by createDatabase, closing any connection still open to it. */
export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  assertIdentifier(name);
  await withAdmin(adminUrl, (sql) => sql.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}

function assertIdentifier(name: string): void {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name)) throw new Error(`not a plain database name: ${JSON.stringify(name)}`);
}

async function withAdmin<T>(adminUrl: string, body: (sql: SQL) => Promise<T>): Promise<T> {
  const sql = new SQL({ url: adminUrl, max: 1 });
  try {
    return await body(sql);
  } finally {
    await sql.close();
  }
}

interface Running {
  binDir: string;
  /** The temporary directory: data/, server.log, the unix socket and owner.pid. */
  dir: string;
  dataDir: string;
  stopped: boolean;
  /** Absent for an orphan being swept. */
  watchdog?: Watchdog;
}

async function initCluster(cluster: Running, settings: Record<string, string | number>): Promise<void> {
  // --locale=C: text sorts by byte, as SQLite's default collation does, so both engines order alike.
  // --no-sync: initdb's own fsyncs are most of its time, and the data is thrown away.
  const result = await run(cluster, [
    join(cluster.binDir, "initdb"), "--pgdata", cluster.dataDir, "--username", SUPERUSER, "--auth", "trust",
    "--encoding", "UTF8", "--locale", "C", "--no-sync",
  ]);
  if (result.code !== 0) throw new Error(`initdb failed (exit ${result.code}):\n${result.output}`);
  const conf = {
    listen_addresses: "'127.0.0.1'",
    // Inside our own directory: never /var/run/postgresql, which may not exist or belong to a system cluster.
    unix_socket_directories: `'${cluster.dir.replaceAll("'", "''")}'`,
    fsync: "off",
    synchronous_commit: "off",
    full_page_writes: "off",
    max_connections: 200,
    shared_buffers: "'64MB'",
    ...settings,
  };
  appendFileSync(join(cluster.dataDir, "postgresql.conf"), `\n# throwaway-postgres\n${Object.entries(conf).map(([key, value]) => `${key} = ${value}`).join("\n")}\n`);
}

/** pg_ctl start on a free port; another process may take the port between our probe and the bind, so retry. */
async function startOnFreePort(cluster: Running, timeoutMs: number): Promise<number> {
  const log = join(cluster.dir, "server.log");
  let lastFailure = "";
  for (let attempt = 0; attempt < PORT_ATTEMPTS; attempt++) {
    const port = await freePort();
    const result = await run(cluster, [
      join(cluster.binDir, "pg_ctl"), "start", "--pgdata", cluster.dataDir, "--log", log, "--wait",
      "--timeout", String(Math.ceil(timeoutMs / 1000)), "-o", `-p ${port}`,
    ]);
    if (result.code === 0) return port;
    lastFailure = `${result.output}\n${readTail(log)}`;
    if (!/could not (bind|create listen socket)|address already in use/i.test(lastFailure)) break;
  }
  throw new Error(`pg_ctl start failed:\n${lastFailure}`);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** pg_ctl --wait already saw the postmaster ready; this proves a client gets through over TCP. */
async function waitForConnections(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() < deadline) {
    const sql = new SQL({ url, max: 1, connectionTimeout: 5 });
    try {
      await sql.unsafe("SELECT 1");
      return;
    } catch (error) {
      lastError = error;
      await Bun.sleep(100);
    } finally {
      await sql.close().catch(() => {});
    }
  }
  throw new Error(`PostgreSQL did not accept connections within ${timeoutMs} ms: ${String(lastError)}`);
}

async function stopCluster(cluster: Running): Promise<void> {
  if (cluster.stopped) return;
  cluster.stopped = true;
  if (existsSync(join(cluster.dataDir, "postmaster.pid"))) {
    await run(cluster, [join(cluster.binDir, "pg_ctl"), "stop", "--pgdata", cluster.dataDir, "--mode", "immediate", "--wait"]);
  }
  rmSync(cluster.dir, { recursive: true, force: true });
  await cluster.watchdog?.release();
}

/**
 * pg_ctl detaches the server from us, so a process that ends without calling stop() (bun test fires
 * no "exit" event; a test run may be interrupted or killed) would leave it running. A watchdog shell
 * holds the read end of a pipe whose write end only we hold: when this process ends, however it
 * ends (SIGKILL included), the kernel closes the pipe, `read` returns, and the watchdog stops the
 * server and removes the directory. It ignores the terminal's signals so Ctrl-C does not kill it
 * first. stop() ends it the same way after stopping the server itself.
 */
function startWatchdog(cluster: Running): Watchdog {
  const script = `trap '' INT TERM HUP
read -r _ || true
dir=$1; shift
if [ -f "$dir/data/postmaster.pid" ]; then "$@" >/dev/null 2>&1; fi
rm -rf "$dir"`;
  const stopCommand = asServerUser([join(cluster.binDir, "pg_ctl"), "stop", "--pgdata", cluster.dataDir, "--mode", "immediate", "--wait"]);
  const child = Bun.spawn(["sh", "-c", script, WATCHDOG_NAME, cluster.dir, ...stopCommand], {
    cwd: "/",
    stdin: "pipe",
    stdout: "ignore",
    stderr: "ignore",
    detached: true,
  });
  child.unref();
  return {
    pid: child.pid,
    async release() {
      await child.stdin.end();
      await child.exited;
    },
  };
}

/** The watchdog's $0, so that it can be told apart in a process list. */
export const WATCHDOG_NAME = "sightline-pg-watchdog";

interface Watchdog {
  pid: number;
  /** Closes the pipe: the watchdog cleans up whatever is left, then exits. */
  release(): Promise<void>;
}

/**
 * Stops and removes clusters left by a process that no longer runs and whose watchdog did not clean
 * up (killed too, or the machine lost power). A leftover never blocks a new cluster (each takes its own directory and
 * port), but it holds memory and a port until swept.
 */
async function sweepOrphans(binDir: string): Promise<void> {
  const root = clusterParent();
  let names: string[];
  try {
    names = readdirSync(root).filter((name) => name.startsWith(DIR_PREFIX));
  } catch {
    return;
  }
  for (const name of names) {
    const dir = join(root, name);
    try {
      const owner = readOwner(dir);
      // No owner file: a start that died between mkdtemp and writing it; give a live one time to write.
      if (owner === null ? Date.now() - statSync(dir).mtimeMs < 60_000 : isProcessRunning(owner)) continue;
      const orphan: Running = { binDir, dir, dataDir: join(dir, "data"), stopped: false };
      await stopCluster(orphan);
    } catch {
      // Not ours to fix (another user's directory, say); it never blocks this run.
    }
  }
}

/**
 * The temporary folder, unless the server could not use it: the unix socket's path must fit in 107
 * bytes, and as root the server runs as `postgres`, which must be able to reach the folder.
 */
function clusterParent(): string {
  const parent = tmpdir();
  const longestSocket = join(parent, `${DIR_PREFIX}XXXXXX`, ".s.PGSQL.65535");
  if (longestSocket.length > 100 || (isRoot() && !reachableByOthers(parent))) return "/tmp";
  return parent;
}

function reachableByOthers(dir: string): boolean {
  for (let at = dir; ; at = dirname(at)) {
    try {
      if ((statSync(at).mode & 0o001) === 0) return false;
    } catch {
      return false;
    }
    if (dirname(at) === at) return true;
  }
}

function readOwner(dir: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(join(dir, OWNER_FILE), "utf8"), 10);
    return Number.isFinite(pid) ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Whether the process runs. A zombie counts as gone: in a container whose PID 1 does not reap, a
 * stopped postmaster stays a zombie, and kill(pid, 0) still succeeds on it.
 */
export function isProcessRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state !== "Z" && state !== "X";
  } catch {
    // No /proc (not Linux), or no such process.
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function postgresOsUser(): { uid: number; gid: number } | null {
  try {
    const line = readFileSync("/etc/passwd", "utf8").split("\n").find((entry) => entry.startsWith(`${SUPERUSER}:`));
    if (!line) return null;
    const [, , uid, gid] = line.split(":");
    return { uid: Number(uid), gid: Number(gid) };
  } catch {
    return null;
  }
}

/** initdb, pg_ctl and postgres refuse to run as root; as root they run as the `postgres` OS user. */
function asServerUser(command: string[]): string[] {
  return isRoot() ? ["runuser", "-u", SUPERUSER, "--", ...command] : command;
}

async function run(cluster: Running, command: string[]): Promise<{ code: number; output: string }> {
  // cwd inside our directory: as `postgres`, the caller's working directory may not be readable.
  // PG* variables (PGDATA, PGPORT, …) of the caller's own setup must not steer the throwaway cluster.
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("PG")));
  const child = Bun.spawn(asServerUser(command), { cwd: cluster.dir, env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { code, output: `${stdout}${stderr}`.trim() };
}

function readTail(file: string): string {
  try {
    return readFileSync(file, "utf8").split("\n").slice(-20).join("\n");
  } catch {
    return "";
  }
}
