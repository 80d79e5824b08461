import { ConfigError, loadConfig } from "./config.ts";
import { runCli } from "./cli/run-cli.ts";

/** Entry point of the binary and of `bun run start` / `bun run dev`. */
try {
  process.exitCode = await runCli(process.argv.slice(2), () => loadConfig(process.env));
} catch (error) {
  if (error instanceof ConfigError) {
    process.stderr.write(`sightline: configuration error: ${error.message}\n`);
    process.exitCode = 2;
  } else {
    process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
