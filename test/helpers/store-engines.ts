import { openDatabase, openPostgres, type Db } from "../../src/store/database.ts";
import { defineEngines, type Engine } from "./postgres.ts";

/**
 * The store's tests run once per engine: `forEachStoreEngine((engine) => { test(…) })` gives a
 * "sqlite" and a "postgres" describe block (the latter skipped, saying why, where PostgreSQL is absent).
 */
export const forEachStoreEngine = defineEngines<Db>({
  sqlite: (path) => openDatabase(path),
  postgres: (url) => openPostgres(url),
  close: (db) => db.close(),
});

export type StoreEngine = Engine<Db>;

/**
 * Two handles on one new database, as two processes (SQLite) or two instances (PostgreSQL) would
 * hold it. The caller closes them with `closeAll`.
 *
 * `racing`: the test runs transactions from both at once. Two SQLite connections in one thread cannot
 * do that: the second waits for the file's write lock synchronously (busy_timeout), which blocks the
 * thread that would finish the first. Processes and threads do not share that thread, and
 * test/limits/admit-in-thread.ts races real threads; here SQLite then gets one handle twice, which is
 * what one server process has.
 */
export async function twoHandles(engine: StoreEngine, options: { racing?: boolean } = {}): Promise<{ a: Db; b: Db; closeAll(): Promise<void> }> {
  const location = await engine.location();
  if (engine.name === "sqlite" && options.racing) {
    const only = openDatabase(location);
    return { a: only, b: only, closeAll: () => only.close() };
  }
  const open = (where: string) => (engine.name === "sqlite" ? Promise.resolve(openDatabase(where)) : openPostgres(where));
  const a = await open(location);
  const b = await open(location);
  return {
    a,
    b,
    async closeAll() {
      await a.close();
      await b.close();
    },
  };
}
