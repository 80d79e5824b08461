/**
 * `sightline keys` refuses to create a database: a key written into a new, empty file is a key the
 * server never sees. The refusal names the file it looked for and how to point the command at the
 * server's; once the database exists (serve or migrate made it), the commands work.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { keysCommand } from "../../src/cli/keys-command.ts";
import { EXIT } from "../../src/cli/exit-codes.ts";
import { openDatabase } from "../../src/store/database.ts";

let work: string;

beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), "sightline-keys-"));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

async function run(args: string[], databasePath: string, service = "visibility") {
  const out: string[] = [];
  const err: string[] = [];
  const config = loadConfig({ DATABASE_PATH: databasePath, SERVICE: service });
  const code = await keysCommand(args, config, { out: (text) => void out.push(text), err: (text) => void err.push(text) });
  return { code, out: out.join(""), err: err.join("") };
}

describe("sightline keys without the server's database", () => {
  for (const action of [["create", "first key"], ["list"], ["revoke", "1"]]) {
    test(`keys ${action[0]} refuses, creates no file, and says where it looked and what to set`, async () => {
      const path = join(work, "elsewhere", "visibility.sqlite");
      const result = await run(action, path);
      expect(result.code).toBe(EXIT.failure);
      expect(result.out).toBe("");
      expect(result.err).toContain(`there is no database at ${path}`);
      expect(result.err).toContain("DATABASE_PATH");
      expect(result.err).toContain(`sightline keys ${action[0]}`);
      expect(existsSync(path)).toBe(false);
      expect(existsSync(join(work, "elsewhere"))).toBe(false);
    });
  }

  test("the refusal names the default file of the service in use", async () => {
    const result = await run(["list"], join(work, "missing.sqlite"), "schema");
    expect(result.err).toContain("./data/schema.sqlite for SERVICE=schema");
  });

  test("a usage error is reported as such, before the database is looked for", async () => {
    const result = await run(["rotate"], join(work, "missing.sqlite"));
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain('unknown action "rotate"');
  });

  test("once the database exists, keys create prints one key and keys list shows it", async () => {
    const path = join(work, "visibility.sqlite");
    await openDatabase(path).close(); // what `serve` and `migrate` do at start
    const created = await run(["create", "ci"], path);
    expect(created.code).toBe(EXIT.ok);
    expect(created.out).toMatch(/^aivis_[A-Za-z0-9]{36}\n$/);
    const listed = await run(["list", "--json"], path);
    expect(JSON.parse(listed.out).map((key: { name: string }) => key.name)).toEqual(["ci"]);
  });
});
