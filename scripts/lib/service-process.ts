/**
 * Starts the compiled binary (or any sightline command) as a child process and waits until it logs
 * that it is listening. Shared by the smoke test, the benchmarks and the black-box tests, which all
 * need "a real server on a free port" and its log lines. `env` holds the child's settings; its whole
 * environment is built from them by childEnv (child-env.ts), so that none of the caller's configuration
 * (a developer's DATABASE_URL, SERVICE, PORT, SCAN_CONNECT_TO…) reaches it. A test that means to run
 * against PostgreSQL passes the URL of the database it created, as a setting.
 */
import type { Subprocess } from "bun";
import { childEnv } from "./child-env.ts";

export interface ServiceProcess {
  process: Subprocess<"ignore", "pipe", "pipe">;
  port: number;
  baseUrl: string;
  /** Every stdout line so far (JSON log lines). */
  lines: string[];
  /** Resolves with the first line (already seen or still to come) that matches, or null after timeoutMs. */
  waitForLine(match: (line: string) => boolean, timeoutMs: number): Promise<string | null>;
  /** Sends a signal and waits for the exit code. */
  stop(signal?: NodeJS.Signals | number): Promise<number>;
}

export async function startService(
  command: string[],
  env: Record<string, string | undefined>,
  options: { timeoutMs?: number } = {},
): Promise<ServiceProcess> {
  const child = Bun.spawn(command, { env: childEnv({ ...env, PORT: env.PORT ?? "0", HOST: env.HOST ?? "127.0.0.1" }), stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const lines: string[] = [];
  const waiters = new Set<{ match: (line: string) => boolean; resolve: (line: string | null) => void }>();
  let stderr = "";

  void pump(child.stdout, (line) => {
    lines.push(line);
    for (const waiter of waiters) {
      if (waiter.match(line)) {
        waiters.delete(waiter);
        waiter.resolve(line);
      }
    }
  });
  void pump(child.stderr, (line) => {
    stderr += `${line}\n`;
  });

  const waitForLine = (match: (line: string) => boolean, timeoutMs: number): Promise<string | null> => {
    const seen = lines.find(match);
    if (seen !== undefined) return Promise.resolve(seen);
    return new Promise((resolve) => {
      const waiter = { match, resolve };
      waiters.add(waiter);
      const timer = setTimeout(() => {
        waiters.delete(waiter);
        resolve(null);
      }, timeoutMs);
      timer.unref?.();
      void child.exited.then(() => setTimeout(() => {
        if (waiters.delete(waiter)) resolve(null);
      }, 50));
    });
  };

  const listening = await waitForLine((line) => line.includes('"message":"listening"'), options.timeoutMs ?? 20_000);
  const port = listening ? Number(/"url":"http:\/\/[^"]*:(\d+)"/.exec(listening)?.[1]) : 0;
  if (!port) {
    child.kill("SIGKILL");
    throw new Error(`service did not start: ${stderr.trim() || lines.join("\n") || "no output"}`);
  }
  return {
    process: child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    lines,
    waitForLine,
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return child.exited;
    },
  };
}

async function pump(stream: ReadableStream<Uint8Array>, onLine: (line: string) => void): Promise<void> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let newline: number;
    while ((newline = buffer.indexOf("\n")) >= 0) {
      onLine(buffer.slice(0, newline));
      buffer = buffer.slice(newline + 1);
    }
  }
  if (buffer) onLine(buffer);
}
