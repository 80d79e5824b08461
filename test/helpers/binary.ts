/**
 * The compiled executable for black-box tests: $SIGHTLINE_BINARY when CI has just built it, otherwise
 * a fresh build into a temporary folder (once per test run), so that `bun test` alone always tests
 * the current source as a binary.
 */
import { $ } from "bun";
import { chmodSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

let built: Promise<string> | undefined;

export function sightlineBinary(): Promise<string> {
  const given = process.env.SIGHTLINE_BINARY;
  if (given) return Promise.resolve(given);
  built ??= (async () => {
    const directory = mkdtempSync(join(tmpdir(), "sightline-bin-"));
    // Scan processes run as another user when the tests run as root (SCAN_USER defaults to nobody): they start this file too.
    chmodSync(directory, 0o755);
    const outfile = join(directory, "sightline");
    await $`bun scripts/build.ts --outfile ${outfile}`.cwd(join(import.meta.dir, "../..")).quiet();
    return outfile;
  })();
  return built;
}
