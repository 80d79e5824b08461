/**
 * PostgreSQL for tests: a fresh, empty database per call, and forEachEngine() to run one body of
 * tests against SQLite and PostgreSQL alike.
 *
 * Where the server comes from, in order:
 * - `TEST_POSTGRES=off`: nowhere; the PostgreSQL half is skipped.
 * - `TEST_DATABASE_URL`: an admin URL of a running server (may create and drop databases).
 * - otherwise one throwaway cluster per test process (scripts/lib/throwaway-postgres.ts), started on
 *   first use and shared by every test file (bun test runs them all in one process), removed when
 *   the process ends (by the cluster's watchdog: bun test fires no exit event).
 * Where none is available the PostgreSQL half is skipped, visibly, and one line says why.
 */
import { afterAll, beforeAll, describe } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDatabase, dropDatabase, postgresUnavailableReason, startThrowawayPostgres, type ThrowawayPostgres } from "../../scripts/lib/throwaway-postgres.ts";

export interface TestDatabase {
  /** URL of a new database: empty, or a copy of the template asked for. */
  url: string;
  name: string;
  /** Drops the database, closing any connection still open to it. */
  drop(): Promise<void>;
}

export type PostgresSource = { kind: "url"; adminUrl: string } | { kind: "throwaway" } | { kind: "none"; reason: string };

/** Decided without starting anything, so that test files can skip at collection time. */
export function postgresSource(env: Record<string, string | undefined> = process.env): PostgresSource {
  if (env.TEST_POSTGRES === "off") return { kind: "none", reason: "PostgreSQL switched off (TEST_POSTGRES=off)" };
  if (env.TEST_DATABASE_URL) return { kind: "url", adminUrl: env.TEST_DATABASE_URL };
  const reason = postgresUnavailableReason();
  return reason === null ? { kind: "throwaway" } : { kind: "none", reason };
}

/** True when the PostgreSQL half of the tests can run here. Prints the skip line once when it cannot. */
export function hasPostgres(): boolean {
  const source = postgresSource();
  if (source.kind === "none") announceSkip(source.reason);
  return source.kind !== "none";
}

let skipAnnounced = false;

function announceSkip(reason: string): void {
  if (skipAnnounced) return;
  skipAnnounced = true;
  console.warn(`${reason}: skipping the PostgreSQL half of the store tests (install postgresql, or set TEST_DATABASE_URL to a server's admin URL, to run them)`);
}

/** The label of a PostgreSQL describe block; when skipped, it says why beside every skipped test. */
export function postgresLabel(label: string, available: boolean): string {
  return available ? label : `${label} (skipped: no PostgreSQL here)`;
}

let throwaway: Promise<ThrowawayPostgres> | null = null;
let created = 0;

/**
 * A fresh database (empty, or a copy of `template`, the name of another one made here), or null
 * (after one line saying so) when no PostgreSQL is available.
 * Throws when PostgreSQL is there but does not work: a broken server must fail the run, not skip it.
 */
export async function testPostgres(options: { template?: string } = {}): Promise<TestDatabase | null> {
  const source = postgresSource();
  if (source.kind === "none") {
    announceSkip(source.reason);
    return null;
  }
  const adminUrl = source.kind === "url" ? source.adminUrl : (await sharedCluster()).url;
  // pid and a random part: several test processes may share one TEST_DATABASE_URL server.
  const name = `sightline_test_${process.pid}_${++created}_${crypto.randomUUID().slice(0, 8)}`;
  const url = await createDatabase(adminUrl, name, options);
  return { url, name, drop: () => dropDatabase(adminUrl, name) };
}

/**
 * Starts the shared cluster now, if the tests use one: a test that opens the first database would
 * otherwise pay the cluster's start (1–3 s, more on a loaded machine) inside its own time limit.
 */
export async function warmUpPostgres(): Promise<void> {
  if (postgresSource().kind === "throwaway") await sharedCluster();
}

/** Generous: the limits are for hung servers, and the machine may be busy. */
export const POSTGRES_HOOK_TIMEOUT_MS = 60_000;

function sharedCluster(): Promise<ThrowawayPostgres> {
  // The cluster lives until the process exits (throwaway-postgres stops it in its exit hook).
  throwaway ??= startThrowawayPostgres();
  return throwaway;
}

export type EngineName = "sqlite" | "postgres";

export interface Engine<Db> {
  name: EngineName;
  /** A new, empty place for a database: a file path (SQLite) or a database URL (PostgreSQL). */
  location(): Promise<string>;
  /** Opens a new, empty database; closed and removed after the engine's describe block. */
  open(): Promise<Db>;
}

export interface EngineOpeners<Db> {
  /** The store's SQLite opener: openDatabase(path) from src/store/database.ts. */
  sqlite(path: string): Db | Promise<Db>;
  /** The store's PostgreSQL opener: openPostgres(url) from src/store/database.ts. */
  postgres(url: string): Db | Promise<Db>;
  /** Closes a database opened by either; without it the databases stay open until they are removed. */
  close?(db: Db): void | Promise<void>;
}

/**
 * Runs `body` twice, inside a describe block per engine: "sqlite", then "postgres" (skipped, with
 * its reason in the label, where PostgreSQL is absent). The openers are parameters so that this
 * helper does not depend on the store; a store test file binds them once:
 *
 *   const forEachEngine = defineEngines({ sqlite: openDatabase, postgres: openPostgres, close: closeDatabase });
 *   forEachEngine((engine) => {
 *     test("…", async () => { const db = await engine.open(); … });
 *   });
 */
export function defineEngines<Db>(openers: EngineOpeners<Db>): (body: (engine: Engine<Db>) => void) => void {
  return (body) => forEachEngine(openers, body);
}

export function forEachEngine<Db>(openers: EngineOpeners<Db>, body: (engine: Engine<Db>) => void): void {
  describe("sqlite", () => {
    body(trackedEngine("sqlite", openers, true, async (cleanups) => {
      const directory = mkdtempSync(join(tmpdir(), "sightline-store-test-"));
      cleanups.push(async () => rmSync(directory, { recursive: true, force: true }));
      return join(directory, "test.sqlite");
    }));
  });
  const postgres = hasPostgres();
  describe.skipIf(!postgres)(postgresLabel("postgres", postgres), () => {
    if (postgres) beforeAll(warmUpPostgres, POSTGRES_HOOK_TIMEOUT_MS);
    body(trackedEngine("postgres", openers, postgres, async (cleanups) => {
      const database = await testPostgres();
      if (database === null) throw new Error("PostgreSQL is not available"); // unreachable: the block is skipped
      cleanups.push(database.drop);
      return database.url;
    }));
  });
}

/**
 * An engine that remembers what it opened and, after the enclosing describe block, closes the
 * databases first and then removes them (a database cannot be dropped, nor a file removed cleanly,
 * under an open connection).
 */
function trackedEngine<Db>(
  name: EngineName,
  openers: EngineOpeners<Db>,
  runs: boolean,
  newLocation: (cleanups: Array<() => Promise<void>>) => Promise<string>,
): Engine<Db> {
  const opened: Db[] = [];
  const cleanups: Array<() => Promise<void>> = [];
  // In a skipped block the hook would only show up as one more "(skip) (unnamed)" line.
  if (runs) {
    afterAll(async () => {
      for (const db of opened.splice(0)) await openers.close?.(db);
      for (const cleanup of cleanups.splice(0)) await cleanup();
    }, POSTGRES_HOOK_TIMEOUT_MS);
  }
  const location = () => newLocation(cleanups);
  return {
    name,
    location,
    async open() {
      const db = await openers[name](await location());
      opened.push(db);
      return db;
    },
  };
}
