/**
 * The binary's hidden scan-process argument (SCAN_ISOLATION=process): the server's pool starts the
 * binary with it and an IPC channel. Started by hand it has no channel, and says so instead of waiting.
 */
import { expect, test } from "bun:test";
import { join } from "node:path";
import { childEnv } from "../../scripts/lib/child-env.ts";
import { SCAN_PROCESS_ARGUMENT } from "../../src/scans/scan-host.ts";

test("started by hand, a scan process exits 2 and says it needs its server's channel", async () => {
  const child = Bun.spawn(["bun", "src/main.ts", SCAN_PROCESS_ARGUMENT], { cwd: join(import.meta.dir, "../.."), env: childEnv(), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [code, stdout, stderr] = await Promise.all([child.exited, new Response(child.stdout).text(), new Response(child.stderr).text()]);
  expect(code).toBe(2);
  expect(stdout).toBe("");
  expect(stderr).toBe("sightline: a scan process needs the IPC channel its pool opens: it is started by the server, not by hand\n");
});
