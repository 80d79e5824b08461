import { ConfigError, loadConfig } from "./config.ts";
import { runCli } from "./cli/run-cli.ts";

/** Entry point of the binary and of `bun run start` / `bun run dev`. */
async function main(): Promise<number> {
  try {
    return await runCli(process.argv.slice(2), () => loadConfig(process.env));
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`sightline: configuration error: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`sightline: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

// No top-level await: the binary is compiled to bytecode, which needs a CommonJS-shaped entry.
void main().then((code) => {
  process.exitCode = code;
});
