/**
 * `bun scripts/docker-rootfs.ts [binary] [outdir]`: assembles the root file system of a `FROM scratch`
 * image around the compiled binary. Bun's executable links dynamically against glibc, so the loader
 * and the few libraries `ldd` names are copied beside it, with the small /etc files that name
 * resolution and the two unprivileged users (the server's, the scans') need. Nothing else: no shell, no
 * package manager.
 *
 * The Dockerfile at the repository root copies the result. Without Docker, the same tree can be
 * tried with `chroot` (the test in test/e2e/docker-rootfs.test.ts does this).
 */
import { chmodSync, copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/** The uid and gid of the image's server user, `sightline`. */
export const SERVER_UID = 10001;

export function buildRootfs(binary: string, outdir: string): string[] {
  rmSync(outdir, { recursive: true, force: true });
  mkdirSync(outdir, { recursive: true });
  const libraries = sharedLibrariesOf(binary);
  for (const library of libraries) {
    const target = join(outdir, library);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(library, target);
  }
  copyFileSync(binary, join(outdir, "sightline"));
  chmodSync(join(outdir, "sightline"), 0o755);
  mkdirSync(join(outdir, "etc"), { recursive: true });
  // glibc reads these for getaddrinfo; Docker mounts /etc/hosts and /etc/resolv.conf at run time.
  writeFileSync(join(outdir, "etc/nsswitch.conf"), "hosts: files dns\n");
  // Two users, neither root: the server (SERVER_USER in the Dockerfile) and its scan processes (nobody, SCAN_USER's default).
  writeFileSync(
    join(outdir, "etc/passwd"),
    `root:x:0:0:root:/:/sbin/nologin\nsightline:x:${SERVER_UID}:${SERVER_UID}:sightline:/data:/sbin/nologin\nnobody:x:65534:65534:nobody:/nonexistent:/sbin/nologin\n`,
  );
  writeFileSync(join(outdir, "etc/group"), `root:x:0:\nsightline:x:${SERVER_UID}:\nnogroup:x:65534:\n`);
  // /data is root's here; the server is given it when it starts (src/sandbox/server-user.ts), so a fresh volume works too.
  mkdirSync(join(outdir, "data"), { recursive: true });
  chmodSync(join(outdir, "data"), 0o700);
  mkdirSync(join(outdir, "tmp"), { recursive: true });
  chmodSync(join(outdir, "tmp"), 0o1777);
  // Mount points a container runtime fills; Bun reads its own executable through /proc/self/exe.
  for (const directory of ["proc", "dev", "sys"]) mkdirSync(join(outdir, directory), { recursive: true });
  return libraries;
}

/** Absolute paths of the loader and every shared library the executable needs, from ldd. */
function sharedLibrariesOf(binary: string): string[] {
  const ldd = Bun.spawnSync(["ldd", binary], { stdout: "pipe", stderr: "pipe" });
  if (ldd.exitCode !== 0) throw new Error(`ldd ${binary} failed: ${ldd.stderr.toString().trim()}`);
  const paths = new Set<string>();
  for (const line of ldd.stdout.toString().split("\n")) {
    const match = /(?:=>\s*)?(\/\S+)\s+\(0x/.exec(line);
    if (match?.[1]) paths.add(match[1]);
  }
  if (paths.size === 0) throw new Error(`ldd found no libraries for ${binary}`);
  return [...paths];
}

if (import.meta.main) {
  const binary = process.argv[2] ?? "dist/sightline";
  const outdir = process.argv[3] ?? "dist/rootfs";
  const libraries = buildRootfs(binary, outdir);
  console.log(`built ${outdir}: /sightline and ${libraries.length} libraries (${libraries.join(", ")})`);
}
