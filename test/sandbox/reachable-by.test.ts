/** Whether the scan user could open a file (src/sandbox/reachable-by.ts), judged from modes and owners. */
import { afterAll, expect, test } from "bun:test";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { unreachableFor } from "../../src/sandbox/reachable-by.ts";

const work = mkdtempSync(join(tmpdir(), "sightline-reach-"));
chmodSync(work, 0o755);
afterAll(() => rmSync(work, { recursive: true, force: true }));
const scanner = { uid: 4102, gid: 4102 };
const isRoot = process.getuid?.() === 0;

test("a file in open directories, readable and executable by others, is reachable", () => {
  const file = join(work, "open-binary");
  writeFileSync(file, "");
  chmodSync(file, 0o755);
  expect(unreachableFor(file, scanner, "execute")).toBeNull();
  expect(unreachableFor(file, scanner, "read")).toBeNull();
});

test("a directory on the way without search for others, or a file without the right bit, is named", () => {
  const closed = join(work, "closed");
  mkdirSync(closed, { mode: 0o700 });
  chmodSync(closed, 0o700);
  const inside = join(closed, "sightline");
  writeFileSync(inside, "");
  chmodSync(inside, 0o755);
  expect(unreachableFor(inside, scanner, "execute")).toBe(`the directory ${closed} does not let it in`);
  const unreadable = join(work, "ca.pem");
  writeFileSync(unreadable, "");
  chmodSync(unreadable, 0o600);
  expect(unreachableFor(unreadable, scanner, "read")).toBe(`${unreadable} does not let it read it`);
  const plain = join(work, "not-executable");
  writeFileSync(plain, "");
  chmodSync(plain, 0o644);
  expect(unreachableFor(plain, scanner, "execute")).toBe(`${plain} does not let it run it`);
  expect(unreachableFor(join(work, "missing"), scanner, "read")).toBe(`${join(work, "missing")} does not let it read it`);
});

test.skipIf(!isRoot)("the owner's and the group's bits apply to their user and group", () => {
  const mine = join(work, "mine");
  mkdirSync(mine, { mode: 0o700 });
  chmodSync(mine, 0o700);
  chownSync(mine, scanner.uid, 0);
  const file = join(mine, "file");
  writeFileSync(file, "");
  chmodSync(file, 0o040);
  chownSync(file, 0, scanner.gid);
  expect(unreachableFor(file, scanner, "read")).toBeNull();
  expect(unreachableFor(file, { uid: 4103, gid: 4103 }, "read")).toBe(`the directory ${mine} does not let it in`);
});
