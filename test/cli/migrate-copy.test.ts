/**
 * `sightline migrate --from sqlite:<path> --to postgres://…` moves an installation to PostgreSQL: a
 * SQLite database filled through the store functions reads back the same through the same functions on
 * PostgreSQL (bytes included), the counts are printed and checked, ids are kept and new rows get new
 * ids, a target that already holds data is refused, and the URL's password is never printed.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { recordFacts } from "../../src/analyzers/record-facts.ts";
import { $ } from "bun";
import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migrateCopyCommand, parseCopyArgs } from "../../src/cli/migrate-command.ts";
import { EXIT } from "../../src/cli/exit-codes.ts";
import { openDatabase, openPostgres, type Db } from "../../src/store/database.ts";
import { COPIED_TABLES, CopyCountMismatchError, CopyRefusedError, copyStore } from "../../src/store/copy-store.ts";
import { getSetting, setSettingIfAbsent } from "../../src/store/settings-repo.ts";
import { findUserByEmail, insertUser, listUsers } from "../../src/store/users-repo.ts";
import { allApiKeysWithOwner, findApiKeyByHash, insertApiKey, setApiKeyRevoked, touchApiKeyLastUsed } from "../../src/store/api-keys-repo.ts";
import { findSession, insertSession } from "../../src/store/sessions-repo.ts";
import { insertKeyFlash, takeKeyFlashes } from "../../src/store/key-flashes-repo.ts";
import { insertScan, latestScan, recentScans, scanHistoryPage, scansOfUser, storedArtifacts } from "../../src/store/scans-repo.ts";
import { claimDueJob, finishLeasedJob, insertQueuedJob, jobsInState, setJobProgress, countJobsByState } from "../../src/store/jobs-repo.ts";
import { countRateEvents, insertRateEvent, insertRateRefusal, recentRateRefusals } from "../../src/store/rate-limits-repo.ts";
import { countUsedChallenges, markChallengeUsed } from "../../src/store/used-challenges-repo.ts";
import { loginFailuresOf, saveLoginFailures } from "../../src/store/login-attempts-repo.ts";
import { hasPostgres, postgresLabel, POSTGRES_HOOK_TIMEOUT_MS, testPostgres, warmUpPostgres, type TestDatabase } from "../helpers/postgres.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

const PASSWORD = "pw-never-shown-4711";
const T0 = 1_760_000_000_000;
const DOMAINS = ["alpha.test", "beta.test", "gamma.test"];
const RATE_EVENTS = 1_203; // more than two of the command's 500-row batches

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), "sightline-migrate-copy-"));
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

function bytes(seed: number, length: number): Uint8Array {
  // Every byte value, NUL and invalid UTF-8 included: BLOB → BYTEA must not go through text.
  return Uint8Array.from({ length }, (_, i) => (seed * 31 + i * 7) % 256);
}

interface Fixture {
  emails: string[];
  keyHashes: Uint8Array[];
  revokedKeyId: number;
  sessionHashes: Uint8Array[];
  flashSealed: Uint8Array[];
  scanIds: number[];
  bigArtifacts: string;
  userId: number;
}

/** A small but complete installation, written through the store functions only. */
async function populate(db: Db): Promise<Fixture> {
  await setSettingIfAbsent(db, "altcha_hmac_key", "secret-hmac-\u00e9\u4e2d");
  await setSettingIfAbsent(db, "instance", "one");
  const emails = ["ada@example.test", "bob@example.test", "cy@example.test"];
  const userIds: number[] = [];
  for (const [i, email] of emails.entries()) userIds.push((await insertUser(db, { email, passwordHash: `$argon2id$v=19$hash${i}`, createdAt: T0 + i }))!);
  const keyHashes = [bytes(1, 32), bytes(2, 32), bytes(3, 32), bytes(4, 32)];
  const keyIds: number[] = [];
  for (const [i, keyHash] of keyHashes.entries()) {
    keyIds.push(await insertApiKey(db, { userId: i === 3 ? null : userIds[i % 2]!, name: `key ${i}`, keyHash, visibleStart: `sl_${i}abc`, createdAt: T0 + 10 + i }));
  }
  await touchApiKeyLastUsed(db, keyIds[0]!, T0 + 500, T0 + 400);
  const revokedKeyId = keyIds[1]!;
  expect(await setApiKeyRevoked(db, revokedKeyId, T0 + 600, { kind: "any" })).toBe(true);

  const sessionHashes = [bytes(10, 32), bytes(11, 32)];
  await insertSession(db, { tokenHash: sessionHashes[0]!, kind: "user", userId: userIds[0]!, createdAt: T0, lastSeenAt: T0 + 1, idleExpiresAt: T0 + 2, absoluteExpiresAt: T0 + 3 });
  await insertSession(db, { tokenHash: sessionHashes[1]!, kind: "admin", userId: null, createdAt: T0 + 4, lastSeenAt: T0 + 5, idleExpiresAt: T0 + 6, absoluteExpiresAt: T0 + 7 });
  const flashSealed = [bytes(20, 61), bytes(21, 300)];
  for (const sealed of flashSealed) await insertKeyFlash(db, sessionHashes[0]!, sealed, T0 + 10_000);

  // Artifacts of a real size, with text that must survive as written.
  const bigArtifacts = JSON.stringify({ pages: Array.from({ length: 2_000 }, (_, i) => ({ url: `https://alpha.test/${i}`, body: `caf\u00e9 \u{1F600} "quoted" \\ ${"x".repeat(200)}` })) });
  const scanIds: number[] = [];
  for (const [d, domain] of DOMAINS.entries()) {
    for (let n = 0; n < 4; n++) {
      const failed = d === 1 && n === 3;
      const record = failed ? { error: "unreachable" } : { result: { grade: "ABCD"[n], score: 50 + n }, ...(n === 2 ? { rescoredFrom: { scanId: 1 } } : {}) };
      scanIds.push(
        await insertScan(db, {
          domain,
          status: failed ? "failed" : "ok",
          score: failed ? null : 50 + n,
          ...recordFacts(record),
          scannedAt: T0 + 1_000 * (d * 4 + n),
          recordJson: JSON.stringify(record),
          artifactsJson: failed ? null : d === 0 && n === 0 ? bigArtifacts : JSON.stringify({ n, domain }),
          caller: n === 1 ? { kind: "key", keyId: keyIds[0]! } : n === 2 ? { kind: "challenge" } : { kind: "pipeline" },
        }),
      );
    }
  }

  // Jobs: one done, one failed, one running (with progress), one queued.
  for (const domain of ["done.test", "failed.test", "running.test"]) {
    await insertQueuedJob(db, domain, { kind: "challenge" }, T0, domain === "running.test" ? "https://running.test/page" : null);
    const job = (await claimDueJob(db, `lease-${domain}`, T0 + 60_000, T0 + 1))!;
    if (domain === "done.test") await finishLeasedJob(db, job.id, `lease-${domain}`, "done", null, T0 + 2);
    if (domain === "failed.test") await finishLeasedJob(db, job.id, `lease-${domain}`, "failed", "boom", T0 + 3);
    if (domain === "running.test") await setJobProgress(db, job.id, `lease-${domain}`, '{"done":3,"total":9}', T0 + 4);
  }
  await insertQueuedJob(db, "queued.test", { kind: "key", keyId: keyIds[0]! }, T0 + 5);

  await db.transaction(async () => {
    for (let i = 0; i < RATE_EVENTS; i++) await insertRateEvent(db, i % 3 === 0 ? "ip:203.0.113.7" : "key:1", T0 + i);
  });
  await insertRateRefusal(db, { bucket: "ip:203.0.113.7", at: T0 + 70, retryAfterSeconds: 30 });
  await insertRateRefusal(db, { bucket: "global", at: T0 + 80, retryAfterSeconds: 5 });
  await markChallengeUsed(db, "digest-1", T0 + 1e9, T0);
  await markChallengeUsed(db, "digest-2", T0 + 1e9, T0);
  await saveLoginFailures(db, { subject: "203.0.113.9", failures: 3, lockedUntil: T0 + 90, lastFailedAt: T0 + 80 });
  return { emails, keyHashes, revokedKeyId, sessionHashes, flashSealed, scanIds, bigArtifacts, userId: userIds[0]! };
}

/** What the application reads from a database, through the store functions. */
async function storeView(db: Db, f: Fixture) {
  return {
    settings: [await getSetting(db, "altcha_hmac_key"), await getSetting(db, "instance")],
    users: await listUsers(db, 100),
    usersByEmail: await Promise.all(f.emails.map((email) => findUserByEmail(db, email))),
    keys: await allApiKeysWithOwner(db),
    keysByHash: await Promise.all(f.keyHashes.map((hash) => findApiKeyByHash(db, hash))),
    sessions: await Promise.all(f.sessionHashes.map((hash) => findSession(db, hash))),
    latest: await Promise.all(DOMAINS.map((domain) => latestScan(db, domain))),
    history: await Promise.all(DOMAINS.map((domain) => scanHistoryPage(db, domain, 10, 0))),
    artifacts: await Promise.all(f.scanIds.map((id) => storedArtifacts(db, id).then((stored) => stored?.artifactsJson ?? null))),
    recent: await recentScans(db, 100),
    myScans: await scansOfUser(db, f.userId, 100, 0),
    jobs: await Promise.all((["queued", "running", "done", "failed"] as const).map((state) => jobsInState(db, state, 10))),
    jobCounts: await countJobsByState(db),
    rateEvents: [await countRateEvents(db, "ip:203.0.113.7", 0), await countRateEvents(db, "key:1", T0 + 1_000)],
    refusals: await recentRateRefusals(db, 10),
    usedChallenges: await countUsedChallenges(db),
    loginFailures: await loginFailuresOf(db, "203.0.113.9"),
  };
}

function hex(list: Uint8Array[]): string[] {
  return list.map((b) => Buffer.from(b).toString("hex"));
}

async function sqliteSource(name: string): Promise<{ path: string; fixture: Fixture; view: Awaited<ReturnType<typeof storeView>> }> {
  const path = join(work, `${name}.sqlite`);
  const db = openDatabase(path);
  try {
    const fixture = await populate(db);
    return { path, fixture, view: await storeView(db, fixture) };
  } finally {
    await db.close();
  }
}

function withPassword(url: string): string {
  const parsed = new URL(url);
  parsed.password = PASSWORD;
  return parsed.href;
}

/** Runs the copy as the CLI does: `databaseUrl` is DATABASE_URL from the environment, the target. */
async function command(args: string[], databaseUrl?: string) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await migrateCopyCommand(args, { out: (text) => void out.push(text), err: (text) => void err.push(text) }, databaseUrl);
  return { code, out: out.join(""), err: err.join("") };
}

/** The printed count of one table: "name  sqlite  postgres". */
function printedCount(out: string, table: string): [number, number] | null {
  const match = new RegExp(`^${table} +(\\d+) +(\\d+)$`, "m").exec(out);
  return match ? [Number(match[1]), Number(match[2])] : null;
}

describe("sightline migrate --from/--to without a database to reach", () => {
  test("usage errors name what is wrong and exit 2", async () => {
    expect(parseCopyArgs(["--from", "sqlite:a.sqlite", "--to=postgres://h/db"])).toEqual({ from: "a.sqlite", to: "postgres://h/db" });
    expect(parseCopyArgs(["--from", "sqlite:a.sqlite"])).toEqual({ from: "a.sqlite", to: null });
    expect(parseCopyArgs(["--to", "postgres://h/db"])).toContain("give --from sqlite:<path>");
    expect(parseCopyArgs(["--from", "a.sqlite", "--to", "postgres://h/db"])).toContain("--from must be sqlite:");
    expect(parseCopyArgs(["--from", "sqlite:a", "--to", "mysql://h/db"])).toContain("--to must be a postgres://");
    expect(parseCopyArgs(["--from", "sqlite:a", "--to", "postgres://h/db", "extra"])).toContain('unexpected argument "extra"');
    const result = await command(["--to", `postgres://u:${PASSWORD}@127.0.0.1:1/db`]);
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain("give --from");
    expect(result.err + result.out).not.toContain(PASSWORD);
  });

  test("a password on the command line is refused before anything is read; without a target the command says to set DATABASE_URL", async () => {
    const source = join(work, "any.sqlite");
    for (const to of [`postgres://u:${PASSWORD}@127.0.0.1:1/db`, `postgresql://u:${PASSWORD}@127.0.0.1:1/db`, `postgres://u@127.0.0.1:1/db?password=${PASSWORD}`]) {
      for (const args of [["--from", `sqlite:${source}`, "--to", to], [`--from=sqlite:${source}`, `--to=${to}`]]) {
        const result = await command(args, "postgres://other@127.0.0.1:1/db");
        expect(result.code).toBe(EXIT.usage);
        expect(result.err).toContain("--to holds a password");
        expect(result.err).toContain("set DATABASE_URL to the target instead");
        expect(result.err + result.out).not.toContain(PASSWORD);
      }
    }
    const none = await command(["--from", `sqlite:${source}`]);
    expect(none.code).toBe(EXIT.usage);
    expect(none.err).toContain("say where to copy to: set DATABASE_URL=postgres://");
  });

  test("a missing source file is refused before anything is opened or created", async () => {
    const missing = join(work, "nowhere", "gone.sqlite");
    const result = await command(["--from", `sqlite:${missing}`], `postgres://u:${PASSWORD}@127.0.0.1:1/db`);
    expect(result.code).toBe(EXIT.failure);
    expect(result.err).toContain(`there is no SQLite database at ${missing}`);
    expect(result.err + result.out).not.toContain(PASSWORD);
    expect(await Bun.file(missing).exists()).toBe(false);
  });

  test("the copy lists every table of both schemas", async () => {
    const db = openDatabase(":memory:");
    try {
      const tables = await db.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name");
      expect(COPIED_TABLES.map((table) => table.name).sort()).toEqual(tables.map((table) => table.name));
    } finally {
      await db.close();
    }
  });
});

const postgres = hasPostgres();

describe.skipIf(!postgres)(postgresLabel("sightline migrate --from sqlite: --to postgres://", postgres), () => {
  const databases: TestDatabase[] = [];
  // Hooks only where the block runs: in a skipped one they show up as "(skip) (unnamed)" lines.
  if (postgres) {
    beforeAll(warmUpPostgres, POSTGRES_HOOK_TIMEOUT_MS);
    afterAll(async () => {
      for (const database of databases.splice(0)) await database.drop();
    }, POSTGRES_HOOK_TIMEOUT_MS);
  }

  async function newTarget(): Promise<TestDatabase> {
    const database = (await testPostgres())!;
    databases.push(database);
    return database;
  }

  test("copies every table; the store reads the same rows, bytes and ids; counts printed; a second run is refused", async () => {
    const source = await sqliteSource("full");
    const target = await newTarget();
    const url = withPassword(target.url);

    const first = await command(["--from", `sqlite:${source.path}`], url);
    expect(first.err).not.toContain("failed");
    expect(first.code).toBe(EXIT.ok);
    expect(first.out + first.err).not.toContain(PASSWORD);
    expect(first.err).toContain("***");
    // Progress per batch on stderr, the verified counts on stdout.
    expect(first.err).toContain(`rate_events: 500/${RATE_EVENTS}\n`);
    expect(first.err).toContain(`rate_events: 1000/${RATE_EVENTS}\n`);
    expect(first.err).toContain(`rate_events: ${RATE_EVENTS}/${RATE_EVENTS}\n`);
    expect(first.err).toContain("scans: 12/12\n");
    const expected: Record<string, number> = {
      settings: 2, users: 3, api_keys: 4, sessions: 2, key_flashes: 2, scans: 12, jobs: 4,
      rate_events: RATE_EVENTS, rate_refusals: 2, used_challenges: 2, login_failures: 1,
    };
    for (const [table, count] of Object.entries(expected)) expect(printedCount(first.out, table)).toEqual([count, count]);
    expect(first.out).not.toContain("DIFFERS");

    const pg = await openPostgres(target.url);
    try {
      const view = await storeView(pg, source.fixture);
      expect(view).toEqual(source.view);
      // The comparison above is not between two empty databases.
      expect(view.users.map((user) => user.email).sort()).toEqual(source.fixture.emails);
      expect(view.keysByHash.find((key) => key?.id === source.fixture.revokedKeyId)?.revokedAt).toBe(T0 + 600);
      expect(view.keysByHash.every((key) => key !== null)).toBe(true);
      expect(view.sessions.map((session) => session?.kind)).toEqual(["user", "admin"]);
      expect(view.latest.map((scan) => scan?.status)).toEqual(["ok", "failed", "ok"]);
      expect(view.artifacts[0]).toBe(source.fixture.bigArtifacts);
      expect(view.jobs.map((jobs) => jobs.length)).toEqual([1, 1, 1, 1]);
      expect(view.rateEvents[0]).toBe(Math.ceil(RATE_EVENTS / 3));
      expect(hex(await takeKeyFlashes(pg, source.fixture.sessionHashes[0]!, T0))).toEqual(hex(source.fixture.flashSealed));

      // Ids were kept, and the identity sequences moved past them.
      const maxScanId = Math.max(...source.fixture.scanIds);
      expect(await insertScan(pg, { domain: "new.test", status: "ok", score: 1, scannedAt: T0 + 1e6, recordJson: "{}", artifactsJson: null, caller: { kind: "cli" } })).toBe(maxScanId + 1);
      expect(await insertUser(pg, { email: "new@example.test", passwordHash: "h", createdAt: T0 })).toBe(4);
      expect(await insertApiKey(pg, { userId: null, name: "new", keyHash: bytes(99, 32), visibleStart: "sl_new", createdAt: T0 })).toBe(5);
      expect(await insertQueuedJob(pg, "new.test", { kind: "cli" }, T0)).toBe(5);
      await insertRateRefusal(pg, { bucket: "new", at: T0, retryAfterSeconds: 1 });
      expect((await pg.get<{ id: number }>("SELECT id FROM rate_refusals WHERE bucket = 'new'"))?.id).toBe(3);
      await insertKeyFlash(pg, source.fixture.sessionHashes[1]!, bytes(5, 8), T0);
      expect((await pg.get<{ id: number }>("SELECT max(id) AS id FROM key_flashes"))?.id).toBe(3);
    } finally {
      await pg.close();
    }

    const second = await command(["--from", `sqlite:${source.path}`], url);
    expect(second.code).toBe(EXIT.failure);
    expect(second.err).toContain("already holds data");
    expect(second.err).toContain("copy only into a new, empty database");
    expect(second.out + second.err).not.toContain(PASSWORD);
    const after = await openPostgres(target.url);
    try {
      expect((await after.get<{ n: number }>("SELECT count(*) AS n FROM scans"))?.n).toBe(13);
    } finally {
      await after.close();
    }
  }, 120_000);

  test("small batches page through every table in rowid order", async () => {
    const source = await sqliteSource("paged");
    const target = await newTarget();
    const from = openDatabase(source.path, { migrate: false });
    const to = await openPostgres(target.url);
    try {
      const progress: string[] = [];
      const counts = await copyStore(from, to, { batch: 5, onProgress: (table, copied, total) => progress.push(`${table} ${copied}/${total}`) });
      expect(counts.every((count) => count.source === count.target)).toBe(true);
      expect(progress.filter((line) => line.startsWith("scans "))).toEqual(["scans 0/12", "scans 5/12", "scans 10/12", "scans 12/12"]);
      expect(await storeView(to, source.fixture)).toEqual(source.view);
    } finally {
      await to.close();
      await from.close();
    }
  }, 120_000);

  test("a record an earlier version stored with \\u0000 or a lone surrogate is copied in a form PostgreSQL's jsonb reads", async () => {
    const path = join(work, "nul-record.sqlite");
    const written = openDatabase(path);
    // Written as versions before storableJson stored such records: straight into the table (its grade column as the migration that added it fills it).
    await written.run("INSERT INTO scans (domain, status, score, grade, scanned_at, record, caller_kind) VALUES (?, 'ok', 70, 'C', ?, ?, 'cli')", [
      "nul.test",
      T0,
      JSON.stringify({ result: { grade: "C", name: "Nul\0Corp \ud800" } }),
    ]);
    await written.close();
    const target = await newTarget();
    const from = openDatabase(path, { migrate: false });
    const to = await openPostgres(target.url);
    try {
      await copyStore(from, to);
      expect((await scanHistoryPage(to, "nul.test", 10, 0)).map((row) => row.grade)).toEqual(["C"]);
      expect(JSON.parse((await latestScan(to, "nul.test"))!.recordJson)).toEqual({ result: { grade: "C", name: "NulCorp \ufffd" } });
    } finally {
      await to.close();
      await from.close();
    }
  }, 120_000);

  test("a count that differs fails the copy and leaves the target empty", async () => {
    const source = await sqliteSource("mismatch");
    const target = await newTarget();
    const from = openDatabase(source.path, { migrate: false });
    const to = await openPostgres(target.url);
    try {
      // A trigger that silently drops some rows stands in for any way rows could go missing.
      await to.run(`CREATE FUNCTION drop_some() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NULL; END $$`);
      await to.run(`CREATE TRIGGER drop_some BEFORE INSERT ON rate_refusals FOR EACH ROW WHEN (NEW.bucket = 'global') EXECUTE FUNCTION drop_some()`);
      const error = await copyStore(from, to).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CopyCountMismatchError);
      expect((error as CopyCountMismatchError).counts.find((count) => count.table === "rate_refusals")).toEqual({ table: "rate_refusals", source: 2, target: 1 });
      expect((error as Error).message).toContain("rate_refusals");
      for (const table of COPIED_TABLES) expect((await to.get<{ n: number }>(`SELECT count(*) AS n FROM ${table.name}`))?.n).toBe(0);
    } finally {
      await to.close();
      await from.close();
    }
  }, 120_000);

  test("a source with a table this build does not know is refused, not copied in part", async () => {
    const source = await sqliteSource("extra-table");
    const from = openDatabase(source.path, { migrate: false });
    await from.run("CREATE TABLE notes (body TEXT)");
    const target = await newTarget();
    const to = await openPostgres(target.url);
    try {
      const error = await copyStore(from, to).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(CopyRefusedError);
      expect((error as Error).message).toContain("tables this build does not copy: notes");
      expect((await to.get<{ n: number }>("SELECT count(*) AS n FROM users"))?.n).toBe(0);
    } finally {
      await to.close();
      await from.close();
    }
  }, 120_000);

  test("a source that another process is writing to is reported as such, and nothing is copied", async () => {
    const source = await sqliteSource("busy");
    const target = await newTarget();
    const writer = new Database(source.path);
    writer.exec("BEGIN IMMEDIATE");
    try {
      const result = await command(["--from", `sqlite:${source.path}`, "--to", target.url]);
      expect(result.code).toBe(EXIT.failure);
      expect(result.err).toContain("Is a server still using the SQLite file? Stop it first");
    } finally {
      writer.exec("ROLLBACK");
      writer.close();
    }
    const pg = await openPostgres(target.url);
    try {
      expect((await pg.get<{ n: number }>("SELECT count(*) AS n FROM users"))?.n).toBe(0);
    } finally {
      await pg.close();
    }
  }, 120_000);

  test("the compiled binary copies too, and prints the counts without the password", async () => {
    const source = await sqliteSource("binary");
    const target = await newTarget();
    const binary = await sightlineBinary();
    // The source on the command line, the target (with its password) in DATABASE_URL; nothing else of this process's environment is passed.
    const result = await $`${binary} migrate --from=sqlite:${source.path}`.env(childEnv({ DATABASE_URL: withPassword(target.url) })).nothrow().quiet();
    const out = result.stdout.toString();
    const err = result.stderr.toString();
    expect(err).not.toContain("failed");
    expect(result.exitCode).toBe(EXIT.ok);
    expect(printedCount(out, "scans")).toEqual([12, 12]);
    expect(printedCount(out, "rate_events")).toEqual([RATE_EVENTS, RATE_EVENTS]);
    expect(out + err).not.toContain(PASSWORD);
    const pg = await openPostgres(target.url);
    try {
      expect(await storeView(pg, source.fixture)).toEqual(source.view);
    } finally {
      await pg.close();
    }
  }, 300_000);
});
