/**
 * `bun run build`: compiles the whole service, its embedded assets included, into one executable at
 * dist/sightline. Pass --outfile PATH to write it elsewhere.
 */
import { $ } from "bun";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--outfile");
const outfile = outIndex >= 0 ? args[outIndex + 1] : "dist/sightline";
if (!outfile) {
  console.error("build: --outfile needs a path");
  process.exit(2);
}

const started = performance.now();
// The scan thread's entry is compiled in as a second entry point; the executable finds it by its path under
// src/ (the entries' common folder), "./scans/scan-thread.ts": see scanThreadEntry in src/scans/scan-thread-pool.ts.
await $`bun build --compile --minify --sourcemap --bytecode src/main.ts src/scans/scan-thread.ts --outfile ${outfile}`.quiet();
const size = Bun.file(outfile).size;
console.log(`built ${outfile} (${(size / 1024 / 1024).toFixed(1)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
