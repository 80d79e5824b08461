/**
 * Whether this is the executable that `bun build --compile` made (its modules live in Bun's embedded
 * file system) rather than Bun running the source: the entries of scan and check threads, and how a scan
 * process is started, differ between the two (see scripts/build.ts).
 */
export function runsCompiled(): boolean {
  return Bun.main.startsWith("/$bunfs/") || Bun.main.startsWith("B:/~BUN/");
}
