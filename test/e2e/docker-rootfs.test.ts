/**
 * The FROM scratch image's file system works: the binary runs from inside it with nothing but what
 * scripts/docker-rootfs.ts copied. No Docker engine runs here, so a container is imitated: a private
 * mount namespace with /proc and /dev mounted (as a runtime does), then chroot. Needs root (and
 * unshare): skipped otherwise.
 */
import { afterAll, expect, test } from "bun:test";
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sightlineBinary } from "../helpers/binary.ts";
import { buildRootfs, SERVER_UID } from "../../scripts/docker-rootfs.ts";
import { childProcesses } from "../../scripts/lib/child-processes.ts";
import { SCAN_PROCESS_ARGUMENT } from "../../src/scans/scan-host.ts";
import { startService } from "../../scripts/lib/service-process.ts";
import { startFixtureSite, TEST_CA_PATH } from "../helpers/fixture-server.ts";
import { wellPreparedSite } from "../fixtures/sites/well-prepared.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";
import { threadCpus } from "../../src/scans/cpu-affinity.ts";

const isRoot = process.getuid?.() === 0 && Bun.which("unshare") !== null && Bun.which("chroot") !== null;

/** The command that runs `args` inside `rootfs` like a container would. */
function inContainer(rootfs: string, args: string[]): string[] {
  const script = `mount -t proc proc "$0/proc" && mount --rbind /dev "$0/dev" && exec chroot "$0" "$@"`;
  return ["unshare", "--mount", "--propagation", "private", "sh", "-c", script, rootfs, ...args];
}
/** The ENV of the Dockerfile (`ENV A=1 B=2` lines), which a container of the image starts with. */
function dockerfileEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(join(import.meta.dir, "../../Dockerfile"), "utf8").matchAll(/^ENV (.+)$/gm)) {
    for (const pair of line[1]!.trim().split(/\s+/)) {
      const [name, ...value] = pair.split("=");
      env[name!] = value.join("=");
    }
  }
  return env;
}

/** The status lines of the process `pid`, by name. */
function statusOf(pid: number | string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const line of readFileSync(`/proc/${pid}/status`, "utf8").split("\n")) {
    const at = line.indexOf(":");
    if (at > 0) fields[line.slice(0, at)] = line.slice(at + 1).trim();
  }
  return fields;
}
const work = mkdtempSync(join(tmpdir(), "sightline-rootfs-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

test.skipIf(!isRoot)("the binary serves from a root file system holding only itself and its libraries", async () => {
  const rootfs = join(work, "rootfs");
  const libraries = buildRootfs(await sightlineBinary(), rootfs);
  expect(libraries.some((library) => library.includes("libc.so"))).toBe(true);

  const version = Bun.spawnSync(inContainer(rootfs, ["/sightline", "version"]), { env: childEnv(), stdout: "pipe", stderr: "pipe" });
  expect(version.stderr.toString()).toBe("");
  expect(version.stdout.toString()).toMatch(/^sightline \d+\.\d+\.\d+/);
  const help = Bun.spawnSync(inContainer(rootfs, ["/sightline", "--help"]), { env: childEnv(), stdout: "pipe", stderr: "pipe" });
  expect(help.exitCode).toBe(0);
  expect(help.stdout.toString()).toContain("scan");

  // A scan from inside: every part it loads on demand is in the binary. The fixture site listens on the
  // host's loopback, which the imitated container shares; its test CA is copied into the root.
  const site = await startFixtureSite(wellPreparedSite("rootfs.secure.test"), { tls: true });
  try {
    copyFileSync(TEST_CA_PATH, join(rootfs, "test-ca.pem"));
    const scan = Bun.spawn(inContainer(rootfs, ["/sightline", "scan", "rootfs.secure.test", "--json"]), {
      env: { NODE_EXTRA_CA_CERTS: "/test-ca.pem", SCAN_CONNECT_TO: site.connectTo("rootfs.secure.test"), OFFSITE_CHECKS: "off" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, code] = await Promise.all([new Response(scan.stdout).text(), new Response(scan.stderr).text(), scan.exited]);
    // With --json the record alone is on stdout; the note that off-site checks were off goes to stderr.
    expect(err).toStartWith("sightline scan: Off-site checks were off (OFFSITE_CHECKS=off)");
    expect(code).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ domain: "rootfs.secure.test", status: "ok" });

    const token = "rootfs-pipeline-token-0123456789";
    const service = await startService(inContainer(rootfs, ["/sightline"]), {
      ...dockerfileEnv(),
      DATABASE_PATH: "/data/test.sqlite",
      OFFSITE_CHECKS: "off",
      PIPELINE_TOKEN: token,
      NODE_EXTRA_CA_CERTS: "/test-ca.pem",
      SCAN_CONNECT_TO: site.connectTo("rootfs.secure.test"),
    });
    try {
      const health = await fetch(`${service.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      // SCAN_CPUS works from the image too: the CPUs are read and set through glibc, which the image holds.
      const listening = JSON.parse((await service.waitForLine((line) => line.includes('"listening"'), 5000)) ?? "{}");
      const cpus = threadCpus() ?? [];
      expect(listening.scanCpus).toBe(cpus.length >= 2 ? cpus.slice(1).join(",") : "any");
      const page = await fetch(`${service.baseUrl}/swagger/assets/swagger-ui-bundle.js`);
      expect(page.status).toBe(200);
      // The server's scans run in scan processes (SCAN_ISOLATION's default): the binary starts itself again
      // from inside the image, where there is no shell and nothing else to start.
      expect(listening.scanIsolation).toBe("process");
      const started = await fetch(`${service.baseUrl}/api/scan`, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ url: "rootfs.secure.test" }),
      });
      expect(started.status).toBe(202);
      let report: Response | null = null;
      for (const deadline = Date.now() + 30_000; Date.now() < deadline; await Bun.sleep(100)) {
        report = await fetch(`${service.baseUrl}/api/report/rootfs.secure.test.json`);
        if (report.status === 200) break;
        await report.arrayBuffer();
      }
      expect(report?.status).toBe(200);
      expect(await report!.json()).toMatchObject({ domain: "rootfs.secure.test", status: "ok" });
      // Two users, neither root: the server became the image's `sightline`, and its scan process, confined, is nobody.
      expect(listening.uid).toBe(SERVER_UID);
      expect(statSync(join(rootfs, "data")).uid).toBe(SERVER_UID);
      expect(statSync(join(rootfs, "data")).mode & 0o777).toBe(0o700);
      const scanProcesses = childProcesses(service.process.pid).filter((child) => readFileSync(`/proc/${child}/cmdline`, "utf8").includes(SCAN_PROCESS_ARGUMENT));
      expect(scanProcesses.length).toBeGreaterThan(0);
      for (const child of scanProcesses) {
        expect(statusOf(child)).toMatchObject({ Uid: "65534\t65534\t65534\t65534", NoNewPrivs: "1", Seccomp: "2", CapEff: "0000000000000000" });
      }
      expect(statusOf(service.process.pid).Uid).toBe(`${SERVER_UID}\t${SERVER_UID}\t${SERVER_UID}\t${SERVER_UID}`);
    } finally {
      expect(await service.stop()).toBe(0);
    }
  } finally {
    await site.stop();
  }
}, 60_000);

test.skipIf(!isRoot)("without DATABASE_PATH each service keeps its own file in /data, as the Dockerfile's WORKDIR / makes it", async () => {
  const rootfs = join(work, "rootfs-per-service");
  buildRootfs(await sightlineBinary(), rootfs);
  // The Dockerfile sets no DATABASE_PATH and runs from /: the binary's ./data/<service>.sqlite default applies.
  const dockerfile = readFileSync(join(import.meta.dir, "../../Dockerfile"), "utf8");
  expect(dockerfile).not.toMatch(/^ENV .*DATABASE_PATH/m);
  expect(dockerfile).toMatch(/^WORKDIR \/$/m);
  for (const service of ["visibility", "schema"]) {
    const created = Bun.spawnSync(inContainer(rootfs, ["/sightline", "migrate"]), { env: childEnv({ ...dockerfileEnv(), SERVICE: service, DATABASE_PATH: undefined }), stdout: "pipe", stderr: "pipe" });
    expect(created.stderr.toString()).toBe("");
    expect(created.stdout.toString()).toContain(`./data/${service}.sqlite`);
    expect(existsSync(join(rootfs, "data", `${service}.sqlite`))).toBe(true);
    // Made by SERVER_USER, not by root: the server can open it later.
    expect(statSync(join(rootfs, "data", `${service}.sqlite`)).uid).toBe(SERVER_UID);
  }
}, 60_000);
