/** The database's directory closed to the scan user (src/sandbox/data-directory.ts). Ownership changes need root. */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { keepDataDirectoryFrom } from "../../src/sandbox/data-directory.ts";
import type { ScanUser } from "../../src/sandbox/scan-user.ts";

const work = mkdtempSync(join(tmpdir(), "sightline-datadir-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const scanner: ScanUser = { uid: 4102, gid: 4102, name: "scanner", source: "SCAN_USER" };
const euid = process.geteuid?.() ?? 0;
const modeOf = (path: string) => statSync(path).mode & 0o777;

test("a directory that does not exist yet is created 0700", () => {
  const directory = join(work, "fresh", "data");
  expect(keepDataDirectoryFrom(join(directory, "visibility.sqlite"), scanner, euid)).toEqual({ directory, mode: null });
  expect(modeOf(directory)).toBe(0o700);
});

test("others lose their access; the group keeps it unless it is the scan user's", () => {
  const directory = join(work, "open");
  mkdirSync(directory);
  chmodSync(directory, 0o755);
  expect(keepDataDirectoryFrom(join(directory, "db.sqlite"), scanner, euid)).toEqual({ directory, mode: "0750" });
  expect(modeOf(directory)).toBe(0o750);
  // Already closed: nothing to do.
  expect(keepDataDirectoryFrom(join(directory, "db.sqlite"), scanner, euid).mode).toBeNull();
});

test.skipIf(euid !== 0)("a group that is the scan user's loses its access too", () => {
  const directory = join(work, "scan-group");
  mkdirSync(directory);
  chmodSync(directory, 0o771);
  chownSync(directory, 0, scanner.gid);
  expect(keepDataDirectoryFrom(join(directory, "db.sqlite"), scanner, 0).mode).toBe("0700");
  expect(modeOf(directory)).toBe(0o700);
});

test.skipIf(euid !== 0)("a directory of the scan user's, or one the server cannot change, stops the start", () => {
  const owned = join(work, "scanners");
  mkdirSync(owned);
  chownSync(owned, scanner.uid, scanner.gid);
  expect(() => keepDataDirectoryFrom(join(owned, "db.sqlite"), scanner, 0)).toThrow(`SCAN_USER: the database's directory ${owned} belongs to the scan user scanner`);
  const foreign = join(work, "foreign");
  mkdirSync(foreign);
  chmodSync(foreign, 0o755);
  chownSync(foreign, 4200, 4200);
  // As the server uid 4101, which neither owns it nor is root.
  expect(() => keepDataDirectoryFrom(join(foreign, "db.sqlite"), scanner, 4101)).toThrow(
    `SCAN_USER: the database's directory ${foreign} (mode 0755, owner uid 4200) lets the scan user scanner in, and the server cannot change it; make it 0750 or give it to the server's user.`,
  );
});

test("a directory every user may write to, such as /tmp, is never changed: the start stops instead", () => {
  const shared = join(work, "shared");
  mkdirSync(shared);
  chmodSync(shared, 0o1777);
  expect(() => keepDataDirectoryFrom(join(shared, "db.sqlite"), scanner, euid)).toThrow(
    `SCAN_USER: the database's directory ${shared} is shared by every user (mode 01777); give the database a directory of its own (DATABASE_PATH).`,
  );
  expect(statSync(shared).mode & 0o7777).toBe(0o1777);
  const open = join(work, "world-writable");
  mkdirSync(open);
  chmodSync(open, 0o777);
  expect(() => keepDataDirectoryFrom(join(open, "db.sqlite"), scanner, euid)).toThrow("is shared by every user (mode 0777)");
});
