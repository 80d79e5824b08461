/**
 * `bun run build`: compiles the whole service, its embedded assets included, into one executable at
 * dist/sightline. Pass --outfile PATH to write it elsewhere, and --no-bytecode-order for a quicker build
 * laid out without profiles (same behaviour, a little more memory at start).
 */
import { $ } from "bun";
import { chmodSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { recordBytecodeOrder } from "./record-bytecode-order.ts";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--outfile");
const outfile = outIndex >= 0 ? args[outIndex + 1] : "dist/sightline";
if (!outfile) {
  console.error("build: --outfile needs a path");
  process.exit(2);
}
const withBytecodeOrder = !args.includes("--no-bytecode-order");

/**
 * JIT policy: JavaScriptCore's tier-up thresholds start multiplied by this, so code that runs a few times
 * at start (module bodies, the configuration, a whole CLI scan) stays in the interpreter instead of being
 * compiled and kept as machine code. Measured on `sightline scan` of a small site: peak 57–59 → 44–46 MiB and
 * a fifth less CPU (16: 51 MiB, 64: 50 MiB); a scan of 1.5 MB of pages takes no more CPU (its hot loops still
 * reach the JIT). `serve` goes back to the normal policy once built (src/cli/serve-command.ts), so the
 * server's and the scan threads' hot paths compile as before.
 */
const JIT_POLICY = 1000;

const started = performance.now();
// ESM with code splitting: each command's and route's dynamic import() becomes its own chunk in the
// binary, compiled to bytecode and loaded only when first imported (`version` then costs ~20 MiB, not ~28).
// The source maps are embedded too; the per-chunk .map files Bun also writes are left in a staging folder.
// The scan thread's entry is compiled in as a second entry point; the executable finds it by its path under
// src/ (the entries' common folder), "./scans/scan-thread.ts": see scanThreadEntry in src/scans/scan-thread-pool.ts.
// The check thread (pasted markup, src/scans/check-thread.ts) is a third entry, found the same way.
// With bytecode order, the binary is built twice: the first build's runs write the profiles the second
// build lays its bytecode out by (scripts/record-bytecode-order.ts); profiles are never stale that way.
mkdirSync(dirname(outfile), { recursive: true });
const staging = mkdtempSync(join(dirname(outfile), ".build-"));
// Run as root, the recorded `serve` starts its scan processes as nobody (SCAN_USER), who must be able to run the binary here.
chmodSync(staging, 0o755);
try {
  const binary = join(staging, "sightline");
  await compile(binary, []);
  if (withBytecodeOrder) {
    const profiles = await recordBytecodeOrder(binary, staging);
    await compile(binary, profiles);
  }
  renameSync(binary, outfile);
  renameSync(join(staging, "sightline.map"), `${outfile}.map`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
const size = Bun.file(outfile).size;
console.log(`built ${outfile} (${(size / 1024 / 1024).toFixed(1)} MiB${withBytecodeOrder ? ", bytecode ordered" : ""}) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

async function compile(binary: string, bytecodeOrder: string[]): Promise<void> {
  const order = bytecodeOrder.length > 0 ? [`--bytecode-order=${bytecodeOrder.join(",")}`] : [];
  await $`bun build --compile --format=esm --splitting --minify --sourcemap --bytecode --compile-jit-policy=${JIT_POLICY} ${order} src/main.ts src/scans/scan-thread.ts src/scans/check-thread.ts --outfile ${binary}`.quiet();
}
