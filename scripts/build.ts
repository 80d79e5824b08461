/**
 * `bun run build`: compiles the whole service, its embedded assets included, into one executable at
 * dist/sightline. Pass --outfile PATH to write it elsewhere.
 */
import { $ } from "bun";
import { mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";

const args = process.argv.slice(2);
const outIndex = args.indexOf("--outfile");
const outfile = outIndex >= 0 ? args[outIndex + 1] : "dist/sightline";
if (!outfile) {
  console.error("build: --outfile needs a path");
  process.exit(2);
}

const started = performance.now();
// ESM with code splitting: each command's and route's dynamic import() becomes its own chunk in the
// binary, compiled to bytecode and loaded only when first imported (`version` then costs ~20 MiB, not ~28).
// The source maps are embedded too; the per-chunk .map files Bun also writes are left in a staging folder.
// The scan thread's entry is compiled in as a second entry point; the executable finds it by its path under
// src/ (the entries' common folder), "./scans/scan-thread.ts": see scanThreadEntry in src/scans/scan-thread-pool.ts.
// The check thread (pasted markup, src/scans/check-thread.ts) is a third entry, found the same way.
mkdirSync(dirname(outfile), { recursive: true });
const staging = mkdtempSync(join(dirname(outfile), ".build-"));
try {
  await $`bun build --compile --format=esm --splitting --minify --sourcemap --bytecode src/main.ts src/scans/scan-thread.ts src/scans/check-thread.ts --outfile ${join(staging, "sightline")}`.quiet();
  renameSync(join(staging, "sightline"), outfile);
  renameSync(join(staging, "sightline.map"), `${outfile}.map`);
} finally {
  rmSync(staging, { recursive: true, force: true });
}
const size = Bun.file(outfile).size;
console.log(`built ${outfile} (${(size / 1024 / 1024).toFixed(1)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
