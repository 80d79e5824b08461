/**
 * The boundary between a scan process and the server (docs/scan-boundary.md), on the compiled binary.
 * A process with a scan process's credentials (its uid and gid, no capabilities) can read neither the
 * server's environment, which holds ADMIN_PASSWORD and PIPELINE_TOKEN, nor the SQLite database; a scan
 * process has no new privileges and the seccomp filter on every thread; and a scan still completes
 * inside it. Two setups: the README's systemd unit (the server as an ordinary user holding CAP_SETUID and
 * CAP_SETGID, SCAN_USER a second one) and a server started as root without SCAN_USER (scans as nobody).
 * Needs root, to start processes as other users, and setpriv (util-linux) for the first: skipped otherwise.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { childProcesses } from "../../scripts/lib/child-processes.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { SCAN_PROCESS_ARGUMENT } from "../../src/scans/scan-host.ts";

const isRoot = process.platform === "linux" && process.getuid?.() === 0;
const setpriv = Bun.which("setpriv");
const TOKEN = "boundary-pipeline-token-0123456789";
const ADMIN_PASSWORD = "boundary admin password 0123";
/** The server's user in the systemd setup, and the scan user: neither is root, and they differ. */
const SERVER = { uid: 4101, gid: 4101 };
const SCANNER = { uid: 4102, gid: 4102 };
const NOBODY = { uid: 65534, gid: 65534 };

let site: FixtureSite;
const work = mkdtempSync(join(tmpdir(), "sightline-boundary-"));
chmodSync(work, 0o755);

beforeAll(async () => {
  site = await startFixtureSite(wellPreparedSite("boundary.test"));
});
afterAll(async () => {
  await site?.stop();
  rmSync(work, { recursive: true, force: true });
});

async function serve(command: string[], databasePath: string, env: Record<string, string> = {}): Promise<ServiceProcess> {
  return startService(command, {
    DATABASE_PATH: databasePath,
    OFFSITE_CHECKS: "off",
    LOG_LEVEL: "debug",
    PIPELINE_TOKEN: TOKEN,
    ADMIN_EMAIL: "admin@boundary.test",
    ADMIN_PASSWORD,
    SCAN_ISOLATION: "process",
    SCAN_CONNECT_TO: [site.connectTo("boundary.test", 80), site.connectTo("boundary.test", 443)].join(","),
    ...env,
  });
}

/** Scans boundary.test and waits for its stored record. */
async function scanned(service: ServiceProcess): Promise<{ status: string }> {
  const started = await fetch(`${service.baseUrl}/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${TOKEN}` },
    body: JSON.stringify({ url: "boundary.test", forceRescan: true }),
  });
  expect(started.status).toBe(202);
  for (const deadline = Date.now() + 40_000; Date.now() < deadline; await Bun.sleep(100)) {
    const report = await fetch(`${service.baseUrl}/api/report/boundary.test.json`);
    if (report.status === 200) return report.json();
    await report.arrayBuffer();
  }
  throw new Error("no record of boundary.test");
}

/** The scan processes of the server `pid`: its children started with the scan argument (one stays for IDLE_THREAD_MS). */
function scanProcessesOf(pid: number): number[] {
  return childProcesses(pid).filter((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, "utf8").split("\0").includes(SCAN_PROCESS_ARGUMENT);
    } catch {
      return false;
    }
  });
}

function statusField(status: string, name: string): string {
  return new RegExp(`^${name}:[ \\t]*(.*)$`, "m").exec(status)?.[1]?.trim() ?? "";
}

/** What `cat path` says when run with `user`'s uid and gid and no capabilities (Bun drops the groups too). */
function readAs(user: { uid: number; gid: number }, path: string): { ok: boolean; stderr: string } {
  const cat = Bun.spawnSync(["cat", path], { env: childEnv(), uid: user.uid, gid: user.gid, cwd: "/", stdout: "pipe", stderr: "pipe" });
  return { ok: cat.exitCode === 0, stderr: cat.stderr.toString() };
}

/** Asserts the confinement of every scan process of `pid`, each of whose threads runs `user` under the filter. */
function expectConfinedScanProcesses(pid: number, user: { uid: number; gid: number }): number[] {
  const children = scanProcessesOf(pid);
  expect(children.length).toBeGreaterThan(0);
  for (const child of children) {
    const status = readFileSync(`/proc/${child}/status`, "utf8");
    expect(statusField(status, "Uid")).toBe(`${user.uid}\t${user.uid}\t${user.uid}\t${user.uid}`);
    expect(statusField(status, "Gid")).toBe(`${user.gid}\t${user.gid}\t${user.gid}\t${user.gid}`);
    expect(statusField(status, "Groups")).toBe("");
    expect(statusField(status, "NoNewPrivs")).toBe("1");
    for (const set of ["CapInh", "CapPrm", "CapEff", "CapAmb"]) expect(statusField(status, set), set).toBe("0000000000000000");
    // Every thread, the runtime's own among them, runs under the filter (SECCOMP_FILTER_FLAG_TSYNC).
    for (const task of readdirSync(`/proc/${child}/task`)) {
      const taskStatus = readFileSync(`/proc/${child}/task/${task}/status`, "utf8");
      expect(statusField(taskStatus, "Seccomp"), `thread ${task}`).toBe("2");
      expect(statusField(taskStatus, "NoNewPrivs"), `thread ${task}`).toBe("1");
    }
  }
  return children;
}

/** The server's own filter (src/sandbox/server-filter.ts) is on every thread of it. */
function expectServerFiltered(pid: number): void {
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    const status = readFileSync(`/proc/${pid}/task/${task}/status`, "utf8");
    expect(statusField(status, "Seccomp"), `server thread ${task}`).toBe("2");
    expect(statusField(status, "NoNewPrivs"), `server thread ${task}`).toBe("1");
  }
}

describe.skipIf(!isRoot || !setpriv)("the server as its own user with CAP_SETUID and CAP_SETGID, SCAN_USER a second user (the README's systemd unit)", () => {
  let service: ServiceProcess;
  const data = join(work, "systemd", "data");
  const database = join(data, "visibility.sqlite");

  beforeAll(async () => {
    mkdirSync(data, { recursive: true, mode: 0o755 });
    chmodSync(join(work, "systemd"), 0o755);
    chmodSync(data, 0o755);
    chownSync(data, SERVER.uid, SERVER.gid);
    // What systemd's User=, Group=, AmbientCapabilities= and NoNewPrivileges= make of the process.
    const asServer = [setpriv!, `--reuid=${SERVER.uid}`, `--regid=${SERVER.gid}`, "--clear-groups", "--inh-caps=+setuid,+setgid", "--ambient-caps=+setuid,+setgid", "--no-new-privs"];
    service = await serve([...asServer, await sightlineBinary()], database, { SCAN_USER: `${SCANNER.uid}:${SCANNER.gid}` });
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
  });

  test("a scan completes in a confined scan process running as SCAN_USER, without the server's capabilities", async () => {
    expect((await scanned(service)).status).toBe("ok");
    const children = expectConfinedScanProcesses(service.process.pid, SCANNER);
    const line = await service.waitForLine((entry) => entry.includes('"scan process confined"'), 5000);
    expect(JSON.parse(line ?? "{}")).toMatchObject({ uid: SCANNER.uid, noNewPrivs: true, seccomp: true });
    // The server itself keeps only what it needs to start them, bound to the scan user by its own filter, on every thread.
    const serverStatus = readFileSync(`/proc/${service.process.pid}/status`, "utf8");
    expect(statusField(serverStatus, "Uid").split("\t")[0]).toBe(String(SERVER.uid));
    expect(statusField(serverStatus, "CapAmb")).toBe("0000000000000000");
    expectServerFiltered(service.process.pid);
    expect(children.every((child) => statusField(readFileSync(`/proc/${child}/status`, "utf8"), "PPid") === String(service.process.pid))).toBe(true);
  }, 60_000);

  test("the database's directory is closed to the scan user: the server took away the others' access (its group is the server's)", () => {
    expect(statSync(data).mode & 0o777).toBe(0o750);
    expect(statSync(data).uid).toBe(SERVER.uid);
    expect(service.lines.some((line) => line.includes('"closed the database\'s directory to the scan user"') && line.includes('"mode":"0750"'))).toBe(true);
  });

  test("a process with the scan process's credentials reads neither the server's environment nor the database", () => {
    const pid = service.process.pid;
    // The server really holds the secrets (root may read them), so the refusals below are about access.
    expect(readFileSync(`/proc/${pid}/environ`, "utf8")).toContain(`PIPELINE_TOKEN=${TOKEN}`);
    const environ = readAs(SCANNER, `/proc/${pid}/environ`);
    expect(environ.ok).toBe(false);
    expect(environ.stderr).toContain("Permission denied");
    for (const path of [database, `${database}-wal`, `/proc/${pid}/mem`]) {
      const attempt = readAs(SCANNER, path);
      expect(attempt.ok, path).toBe(false);
      expect(attempt.stderr, path).toContain("Permission denied");
    }
  });

  test("the server is not dumpable: even a process of the server's own user cannot read its environment", () => {
    const pid = service.process.pid;
    // A non-dumpable process's /proc files belong to root.
    expect(statSync(`/proc/${pid}/environ`).uid).toBe(0);
    const environ = readAs(SERVER, `/proc/${pid}/environ`);
    expect(environ.ok).toBe(false);
    expect(environ.stderr).toContain("Permission denied");
    // Its own database it may read: the test of the test.
    expect(readAs(SERVER, database).ok).toBe(true);
  });
});

describe.skipIf(!isRoot)("a server started as root without SCAN_USER", () => {
  let service: ServiceProcess;
  const data = join(work, "root", "data");
  const database = join(data, "visibility.sqlite");

  beforeAll(async () => {
    mkdirSync(data, { recursive: true });
    chmodSync(join(work, "root"), 0o755);
    chmodSync(data, 0o775);
    chownSync(data, 0, NOBODY.gid);
    service = await serve([await sightlineBinary()], database);
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
  });

  test("runs its scans as nobody, says so, and closes the database's directory to it", async () => {
    expect((await scanned(service)).status).toBe("ok");
    expectConfinedScanProcesses(service.process.pid, NOBODY);
    const said = service.lines.find((line) => line.includes('"scan processes run as their own user"'));
    expect(JSON.parse(said ?? "{}")).toMatchObject({ scanUser: "nobody", uid: NOBODY.uid, gid: NOBODY.gid });
    // Its group was nobody's: group and others lose their access.
    expect(statSync(data).mode & 0o777).toBe(0o700);
    for (const path of [database, `/proc/${service.process.pid}/environ`]) {
      const attempt = readAs(NOBODY, path);
      expect(attempt.ok, path).toBe(false);
      expect(attempt.stderr, path).toContain("Permission denied");
    }
  }, 60_000);
});

describe.skipIf(!isRoot)("a binary started as root with SERVER_USER (the container image)", () => {
  let service: ServiceProcess;
  const data = join(work, "container", "data");
  const database = join(data, "visibility.sqlite");

  beforeAll(async () => {
    // A fresh volume: root's, as Docker makes one, open to all that may enter.
    mkdirSync(data, { recursive: true });
    chmodSync(join(work, "container"), 0o755);
    chmodSync(data, 0o755);
    service = await serve([await sightlineBinary()], database, { SERVER_USER: `${SERVER.uid}:${SERVER.gid}` });
  }, 120_000);
  afterAll(async () => {
    await service?.stop();
  });

  test("becomes SERVER_USER on every thread, keeping only CAP_SETUID and CAP_SETGID on its main thread, and is given the volume", async () => {
    expect((await scanned(service)).status).toBe("ok");
    const pid = service.process.pid;
    const listening = JSON.parse((await service.waitForLine((line) => line.includes('"listening"'), 5000)) ?? "{}");
    expect(listening.uid).toBe(SERVER.uid);
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const status = readFileSync(`/proc/${pid}/task/${task}/status`, "utf8");
      expect(statusField(status, "Uid"), `thread ${task}`).toBe(`${SERVER.uid}\t${SERVER.uid}\t${SERVER.uid}\t${SERVER.uid}`);
      expect(statusField(status, "Groups"), `thread ${task}`).toBe("");
      // The main thread keeps the two; threads that ran at the switch keep none, and those it starts later inherit its two. Never more.
      if (task === String(pid)) expect(statusField(status, "CapEff")).toBe("00000000000000c0");
      expect(["0000000000000000", "00000000000000c0"], `thread ${task}`).toContain(statusField(status, "CapEff"));
      expect(["0000000000000000", "00000000000000c0"], `thread ${task}`).toContain(statusField(status, "CapPrm"));
      expect(statusField(status, "CapAmb"), `thread ${task}`).toBe("0000000000000000");
    }
    expect(statSync(data).uid).toBe(SERVER.uid);
    expect(statSync(database).uid).toBe(SERVER.uid);
    expect(statSync(data).mode & 0o777).toBe(0o700);
    // Its scans run as nobody, the default once the server may start processes as another user.
    expectConfinedScanProcesses(pid, NOBODY);
    expectServerFiltered(pid);
    for (const user of [NOBODY, SERVER]) {
      const environ = readAs(user, `/proc/${pid}/environ`);
      expect(environ.ok).toBe(false);
      expect(environ.stderr).toContain("Permission denied");
    }
    expect(readAs(NOBODY, database).ok).toBe(false);
  }, 60_000);

  test("another command started as root with SERVER_USER runs as that user and keeps no capability", async () => {
    const keys = Bun.spawnSync([await sightlineBinary(), "keys", "list", "--json"], {
      env: childEnv({ DATABASE_PATH: database, SERVER_USER: `${SERVER.uid}:${SERVER.gid}` }),
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(keys.stderr.toString()).toBe("");
    expect(keys.exitCode).toBe(0);
    // The database's files are still the server user's: nothing was created as root.
    for (const name of readdirSync(data)) expect(statSync(join(data, name)).uid, name).toBe(SERVER.uid);
  }, 60_000);

  test("a database in a directory every user may write to is refused, and the directory left as it was", async () => {
    const shared = join(work, "shared-tmp");
    mkdirSync(shared);
    chmodSync(shared, 0o1777);
    const start = Bun.spawnSync([await sightlineBinary(), "migrate"], {
      env: childEnv({ DATABASE_PATH: join(shared, "visibility.sqlite"), SERVER_USER: `${SERVER.uid}:${SERVER.gid}` }),
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(start.exitCode).toBe(2);
    expect(start.stderr.toString()).toBe(
      `sightline: configuration error: SERVER_USER: the database's directory ${shared} is shared by every user (mode 01777); give the database a directory of its own (DATABASE_PATH).\n`,
    );
    expect(statSync(shared).mode & 0o7777).toBe(0o1777);
    expect(statSync(shared).uid).toBe(0);
  }, 60_000);
});

test.skipIf(!isRoot)("a binary the scan user could not run stops the start with a configuration error naming the directory", async () => {
  const hidden = join(work, "hidden");
  mkdirSync(hidden, { mode: 0o700 });
  chmodSync(hidden, 0o700);
  const binary = join(hidden, "sightline");
  await Bun.write(binary, Bun.file(await sightlineBinary()));
  chmodSync(binary, 0o755);
  const start = Bun.spawnSync([binary], {
    env: childEnv({ DATABASE_PATH: join(work, "hidden-data", "visibility.sqlite"), PORT: "0", HOST: "127.0.0.1", SCAN_ISOLATION: "process" }),
    stdout: "pipe",
    stderr: "pipe",
  });
  expect(start.exitCode).toBe(2);
  expect(start.stderr.toString()).toContain(
    `sightline: configuration error: SCAN_USER: scan processes run as nobody, who could not run ${binary}: the directory ${hidden} does not let it in. Make it readable by that user, or move it.`,
  );
}, 60_000);

describe.skipIf(!isRoot || !setpriv)("the server as an ordinary user without SCAN_USER", () => {
  test("scans in confined processes of its own user, who cannot read the server's environment", async () => {
    const data = join(work, "plain");
    mkdirSync(data, { recursive: true });
    chownSync(data, SERVER.uid, SERVER.gid);
    const asServer = [setpriv!, `--reuid=${SERVER.uid}`, `--regid=${SERVER.gid}`, "--clear-groups"];
    const service = await serve([...asServer, await sightlineBinary()], join(data, "visibility.sqlite"));
    try {
      expect((await scanned(service)).status).toBe("ok");
      expectConfinedScanProcesses(service.process.pid, SERVER);
      expect(service.lines.some((line) => line.includes("scan processes run as the server's user"))).toBe(true);
      const environ = readAs(SERVER, `/proc/${service.process.pid}/environ`);
      expect(environ.ok).toBe(false);
      expect(environ.stderr).toContain("Permission denied");
    } finally {
      await service.stop();
    }
  }, 60_000);

  test("SCAN_USER without CAP_SETUID and CAP_SETGID stops the start with a configuration error", async () => {
    const asServer = [setpriv!, `--reuid=${SERVER.uid}`, `--regid=${SERVER.gid}`, "--clear-groups"];
    const start = Bun.spawnSync([...asServer, await sightlineBinary()], {
      env: childEnv({ DATABASE_PATH: join(work, "never", "x.sqlite"), SCAN_USER: `${SCANNER.uid}:${SCANNER.gid}`, PORT: "0", HOST: "127.0.0.1" }),
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(start.exitCode).toBe(2);
    expect(start.stderr.toString()).toContain("SCAN_USER: starting scans as 4102:4102 needs the server to start as root, or to hold CAP_SETUID and CAP_SETGID");
  }, 60_000);
});

describe("SCAN_ISOLATION=thread", () => {
  test("says that it has no boundary, and runs its scans in the server's own process and user", async () => {
    const service = await serve([await sightlineBinary()], join(work, "threads", "visibility.sqlite"), { SCAN_ISOLATION: "thread" });
    try {
      const said = await service.waitForLine((line) => line.includes("scans run in threads of the server"), 10_000);
      expect(JSON.parse(said ?? "{}")).toMatchObject({
        level: isRoot ? "warn" : "info",
        message: "scans run in threads of the server: nothing stands between a scan's parsers and the server's secrets and database (docs/scan-boundary.md)",
      });
      expect((await scanned(service)).status).toBe("ok");
      expect(scanProcessesOf(service.process.pid)).toEqual([]);
      expect(service.lines.some((line) => line.includes("scan process confined"))).toBe(false);
    } finally {
      await service.stop();
    }
  }, 60_000);
});
