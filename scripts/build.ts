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
// ESM with code splitting: each command's and route's dynamic import() becomes its own chunk in the
// binary, compiled to bytecode and loaded only when first imported (`version` then costs ~20 MiB, not ~28).
await $`bun build --compile --format=esm --splitting --minify --sourcemap --bytecode src/main.ts --outfile ${outfile}`.quiet();
const size = Bun.file(outfile).size;
console.log(`built ${outfile} (${(size / 1024 / 1024).toFixed(1)} MiB) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
