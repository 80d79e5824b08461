import type { Config } from "./config.ts";
import { runCli } from "./cli/run-cli.ts";
import { SCAN_PROCESS_ARGUMENT } from "./scans/scan-host.ts";
import { CHECK_PROCESS_ARGUMENT } from "./scans/check-host.ts";

/**
 * Entry point of the binary and of `bun run start` / `bun run dev`. The configuration (TypeBox and its
 * checks) is imported only by commands that read it, so `version` and `--help` start with almost nothing.
 */
async function main(): Promise<number> {
  try {
    return await runCli(process.argv.slice(2), loadConfig);
  } catch (error) {
    // By name rather than instanceof: comparing classes would import config.ts for every command.
    if (error instanceof Error && error.name === "ConfigError") {
      process.stderr.write(`sightline: configuration error: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

async function loadConfig(): Promise<Config> {
  const config = (await import("./config.ts")).loadConfig(process.env);
  if (config.SERVER_USER !== undefined) {
    // Before any command opens a file: started as root (a container), it runs as SERVER_USER; only `serve` keeps the right to start scan processes as SCAN_USER.
    const { becomeServerUser } = await import("./sandbox/server-user.ts");
    becomeServerUser(config.SERVER_USER, config.DATABASE_URL ? null : config.DATABASE_PATH, (process.argv[2] ?? "serve") === "serve");
  }
  return config;
}

// No top-level await: the entry stays usable whatever module format the build picks.
if (process.argv[2] === SCAN_PROCESS_ARGUMENT) {
  // A scan process started by the server's pool (SCAN_ISOLATION=process); it lives as long as its channel.
  import("./scans/scan-thread.ts").catch((error: unknown) => {
    // Started by hand, without the channel: say so, as a usage error.
    process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  });
} else if (process.argv[2] === CHECK_PROCESS_ARGUMENT) {
  // A check process of pasted markup (SCAN_ISOLATION=process, see scans/check-host.ts); it lives as long as its channel.
  import("./scans/check-thread.ts").catch((error: unknown) => {
    process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  });
} else {
  void main().then((code) => {
    process.exitCode = code;
  });
}
