/**
 * The compiled binary serving on a free loopback port, its log written to a file (or dropped) rather
 * than piped: a load generator in the same machine must not spend its CPU reading the server's log.
 * Used by the benchmarks and the soak, which read the binary's memory from /proc and need its pid.
 * It gets `env` and never the caller's configuration (child-env.ts).
 */
import { freePort, waitForHealthy } from "../bench/bench-helpers.ts";
import { childEnv } from "./child-env.ts";

export interface BinaryServer {
  process: ReturnType<typeof Bun.spawn>;
  pid: number;
  baseUrl: string;
  /** SIGTERM (graceful stop), then SIGKILL if it has not exited within `graceMs`; resolves with the exit code. */
  stop(graceMs?: number): Promise<number | null>;
}

export async function startBinaryServer(binary: string, env: Record<string, string | undefined>, logFile?: string): Promise<BinaryServer> {
  const port = await freePort();
  const child = Bun.spawn([binary], {
    env: childEnv({ ...env, PORT: String(port), HOST: "127.0.0.1" }),
    stdin: "ignore",
    stdout: logFile ? Bun.file(logFile) : "ignore",
    stderr: "inherit",
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    // A binary that exits at once (a configuration error) says so now, not after the wait.
    await waitForHealthy(`${baseUrl}/healthz`, 30_000, () => (child.exitCode === null && child.signalCode === null ? null : `${binary} exited (${child.exitCode ?? child.signalCode}) before it answered`));
  } catch (error) {
    child.kill("SIGKILL");
    throw error;
  }
  return {
    process: child,
    pid: child.pid,
    baseUrl,
    async stop(graceMs = 15_000) {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await child.exited;
      clearTimeout(timer);
      return child.exitCode;
    },
  };
}
