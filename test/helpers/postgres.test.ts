/**
 * forEachEngine with stand-in openers (bun:sqlite and Bun.SQL directly), until the store's own
 * openDatabase / openPostgres exist: each engine gives a fresh, empty database per open, and its
 * databases are gone after its block.
 */
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { forEachEngine, hasPostgres, type EngineName } from "./postgres.ts";

interface StandIn {
  engine: EngineName;
  run(statement: string): Promise<void>;
  tables(): Promise<string[]>;
  close(): Promise<void>;
}

function openSqlite(path: string): StandIn {
  const db = new Database(path, { create: true, strict: true });
  return {
    engine: "sqlite",
    run: async (statement) => void db.run(statement),
    tables: async () => db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all().map((row) => row.name),
    close: async () => db.close(),
  };
}

async function openPostgres(url: string): Promise<StandIn> {
  const sql = new SQL({ url, max: 2, bigint: true });
  await sql.unsafe("SELECT 1");
  return {
    engine: "postgres",
    run: async (statement) => void (await sql.unsafe(statement)),
    tables: async () => (await sql.unsafe("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename")).map((row: { tablename: string }) => row.tablename),
    close: () => sql.close(),
  };
}

const locations: Record<EngineName, string[]> = { sqlite: [], postgres: [] };

describe("forEachEngine", () => {
  forEachEngine<StandIn>({ sqlite: openSqlite, postgres: openPostgres, close: (db) => db.close() }, (engine) => {
    test("each open is a new, empty database of the engine named", async () => {
      const first = await engine.open();
      const second = await engine.open();
      expect(first.engine).toBe(engine.name);
      await first.run("CREATE TABLE notes (id integer PRIMARY KEY)");
      expect(await first.tables()).toEqual(["notes"]);
      expect(await second.tables()).toEqual([]);
    });

    test("locations are distinct, and removed after the block", async () => {
      const a = await engine.location();
      const b = await engine.location();
      expect(a).not.toBe(b);
      locations[engine.name].push(a, b);
      // Opened, so that removal has to close it first.
      const db = await engine.open();
      await db.run("CREATE TABLE t (x integer)");
    });
  });
});

// Blocks run in file order, each with its afterAll hooks, so these see what the engines' blocks left.
test("forEachEngine on sqlite, afterwards: its files were removed", () => {
  expect(locations.sqlite.length).toBe(2);
  for (const path of locations.sqlite) expect(existsSync(dirname(path))).toBe(false);
});

describe.skipIf(!hasPostgres())("forEachEngine on postgres, afterwards", () => {
  test("its databases were dropped", async () => {
    expect(locations.postgres.length).toBe(2);
    for (const url of locations.postgres) {
      const sql = new SQL({ url, max: 1 });
      await expect(sql.unsafe("SELECT 1")).rejects.toThrow(/does not exist/);
      await sql.close().catch(() => {});
    }
  });
});
