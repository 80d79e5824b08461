/**
 * Two instances of the compiled binary on one PostgreSQL database (issue 14): every accepted scan runs
 * once, rate limits hold across both, a revoked key is refused everywhere at once, a killed instance's
 * job is finished by the other after its lease expires, and a cached report notices a record the
 * other instance stored. Fixture sites on loopback, reached through SCAN_CONNECT_TO; the database is
 * read directly with Bun.SQL to count what was stored.
 *
 * Where a test needs to know which instance ran a scan it reads their logs ("scan job started"),
 * because both workers claim from the one queue: the instance that ran it plays "A", the other "B".
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { sightlineBinary } from "../helpers/binary.ts";
import { startFixtureSite, TEST_CA_PATH, type FixtureSite } from "../helpers/fixture-server.ts";
import { hasPostgres, postgresLabel, POSTGRES_HOOK_TIMEOUT_MS, testPostgres, warmUpPostgres, type TestDatabase } from "../helpers/postgres.ts";
import { startService, type ServiceProcess } from "../../scripts/lib/service-process.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import type { Challenge } from "altcha-lib";
import { childEnv } from "../../scripts/lib/child-env.ts";

const TOKEN = "two-instances-pipeline-token-0123456789";
const available = hasPostgres();

/** Names the fixture certificate covers (*.secure.test); each gets its own rules in SCAN_CONNECT_TO. */
const bulkDomains = Array.from({ length: 100 }, (_, index) => `bulk${index}.secure.test`);
const limitDomains = Array.from({ length: 20 }, (_, index) => `limit${index}.secure.test`);
const CRASH_DOMAIN = "crash.secure.test";
const ADMIN_EMAIL = "admin@example.com";
const ADMIN_PASSWORD = "two instances, one admin";
/** PUBLIC_URL's origin: the admin's form posts must come from it. */
const PUBLIC_ORIGIN = "http://localhost";

let database: TestDatabase | null = null;
let sql: SQL;
let fast: FixtureSite;
let plain: FixtureSite;
let gated: FixtureSite;
let env: Record<string, string>;
let binary: string;
let first: ServiceProcess;
let second: ServiceProcess;
/** Opened by the crash test once the instance holding the lease is dead: until then the gated site never answers. */
let openGate: () => void = () => {};
const gate = new Promise<void>((resolve) => {
  openGate = resolve;
});

describe.skipIf(!available)(postgresLabel("two instances of the binary on one PostgreSQL", available), () => {
  // Hooks only where the block runs: skipped, they would show up as "(skip) (unnamed)" lines.
  if (available) beforeAll(async () => {
    await warmUpPostgres();
    database = await testPostgres();
    if (database === null) throw new Error("PostgreSQL is not available"); // unreachable: the block is skipped
    sql = new SQL(database.url);
    binary = await sightlineBinary();
    fast = await startFixtureSite(smallSite(), { tls: true });
    gated = await startFixtureSite(async (request) => {
      await gate;
      return serveSmall(request);
    }, { tls: true });
    // Plain HTTP on port 80 sends the scanner to HTTPS, as a real site would.
    plain = await startFixtureSite((request) => new Response(null, { status: 301, headers: { location: `https://${request.headers.get("host")}${new URL(request.url).pathname}` } }));
    const rules = (site: FixtureSite, domain: string) => [site.connectTo(domain, 443), site.connectTo(`www.${domain}`, 443), plain.connectTo(domain, 80)];
    // The throwaway database made above, explicitly: nothing else of this process's environment reaches the instances.
    env = childEnv({
      DATABASE_URL: database.url,
      PIPELINE_TOKEN: TOKEN,
      PUBLIC_URL: PUBLIC_ORIGIN,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      // No ALTCHA_HMAC_KEY: the key generated at the first start is kept in the database, and the two
      // instances, started together, must still end up with the same one (the admin test uses it).
      // One trusted proxy: the last X-Forwarded-For entry is the client, so a test chooses its rate-limit bucket.
      TRUST_PROXY: "1",
      NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
      OFFSITE_CHECKS: "off",
      WORKER_CONCURRENCY: "3",
      // Long enough that the crash test kills the scan while its first request still waits at the gated site.
      FETCH_TIMEOUT_MS: "10000",
      SCAN_TIMEOUT_MS: "30000",
      LOG_LEVEL: "info",
      SCAN_CONNECT_TO: [...bulkDomains.flatMap((domain) => rules(fast, domain)), ...limitDomains.flatMap((domain) => rules(fast, domain)), ...rules(gated, CRASH_DOMAIN)].join(","),
    });
    // Started together: both migrate the empty database at once, under the advisory lock.
    [first, second] = await Promise.all([startService([binary], env, { timeoutMs: 40_000 }), startService([binary], env, { timeoutMs: 40_000 })]);
  }, POSTGRES_HOOK_TIMEOUT_MS + 60_000);

  if (available) afterAll(async () => {
    openGate();
    await Promise.all([first?.stop("SIGKILL"), second?.stop("SIGKILL")]);
    await sql?.close();
    await Promise.all([fast?.stop(), gated?.stop(), plain?.stop()]);
    await database?.drop();
  }, POSTGRES_HOOK_TIMEOUT_MS);

  test("100 distinct scans submitted across both instances each run exactly once", async () => {
    const statuses = await Promise.all(
      bulkDomains.map((domain, index) => scan(index % 2 === 0 ? first : second, domain, { client: `198.51.100.${index + 1}` }).then((response) => response.status)),
    );
    expect(statuses.every((status) => status === 202)).toBe(true);

    await waitUntil(async () => (await countOf(sql`SELECT count(*) AS n FROM jobs WHERE state IN ('queued', 'running')`)) === 0, 45_000);
    const stored = await sql`SELECT domain, count(*) AS n FROM scans GROUP BY domain ORDER BY domain`;
    expect(Object.fromEntries(stored.map((row: { domain: string; n: unknown }) => [row.domain, Number(row.n)]))).toEqual(Object.fromEntries(bulkDomains.map((domain) => [domain, 1])));
    const jobs = await sql`SELECT domain, state, count(*) AS n FROM jobs GROUP BY domain, state`;
    expect(jobs.map((row: { domain: string; state: string; n: unknown }) => `${row.domain} ${row.state} ${Number(row.n)}`).sort()).toEqual(bulkDomains.map((domain) => `${domain} done 1`).sort());
    // Both instances did part of the work: the queue is shared, not one instance's alone.
    expect(startedDomains(first).size).toBeGreaterThan(0);
    expect(startedDomains(second).size).toBeGreaterThan(0);
    // Each job was started once in all: no two claims of one job.
    expect(startedJobs(first).length + startedJobs(second).length).toBe(100);
  }, 60_000);

  test("20 parallel fresh scans from one client address, spread over both instances, admit exactly 8", async () => {
    const responses = await Promise.all(limitDomains.map((domain, index) => scan(index % 2 === 0 ? first : second, domain, { client: "203.0.113.7" })));
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 202)).toHaveLength(8);
    expect(statuses.filter((status) => status === 429)).toHaveLength(12);
    const refused = responses.find((response) => response.status === 429)!;
    expect((await refused.json()).retryAfterSeconds).toBeGreaterThan(0);
    // The admitted ones were enqueued, the refused ones not.
    expect(await countOf(sql`SELECT count(*) AS n FROM jobs WHERE domain LIKE 'limit%'`)).toBe(8);
  }, 20_000);

  test("a key from `sightline keys create` works on both; revoked through one instance's admin page, the other refuses it on the next request", async () => {
    const created = Bun.spawnSync([binary, "keys", "create", "two instances"], { env, stdout: "pipe", stderr: "pipe" });
    expect(created.exitCode).toBe(0);
    const key = created.stdout.toString().trim();
    expect(key).toMatch(/^aivis_[0-9A-Za-z]{36}$/);
    // A cached report answers 200 at once and counts against no limit, so the key is all that is checked.
    const cachedDomain = bulkDomains[0]!;
    expect((await scan(first, cachedDomain, { token: key })).status).toBe(200);
    expect((await scan(second, cachedDomain, { token: key })).status).toBe(200);
    const listed = Bun.spawnSync([binary, "keys", "list", "--json"], { env, stdout: "pipe" });
    const id = (JSON.parse(listed.stdout.toString()) as Array<{ id: number; name: string }>).find((entry) => entry.name === "two instances")!.id;

    // The admin signs in on the first instance with a challenge the second issued (one key, kept in the database);
    // the session is then good on both, and the solution is spent on both.
    const challengeToken = await solveAltcha((await (await fetch(`${second.baseUrl}/api/challenge`)).json()) as Challenge);
    const login = await postForm(first, "/admin/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, challengeToken });
    expect(login.status).toBe(303);
    const cookie = sessionCookieOf(login);
    expect(cookie).toStartWith("sightline_admin=");
    expect((await fetch(`${second.baseUrl}/admin`, { headers: { cookie: cookie! }, redirect: "manual" })).status).toBe(200);
    expect((await postForm(second, "/admin/login", { email: ADMIN_EMAIL, password: ADMIN_PASSWORD, challengeToken })).status).toBe(403);

    const revoked = await postForm(first, `/admin/keys/${id}/revoke`, {}, cookie!);
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe("/admin?revoked=1#users");
    for (const instance of [second, first]) {
      const refused = await scan(instance, cachedDomain, { token: key });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ error: "Unauthorized", hint: "This API key was revoked. Create a new one at /account, or with `sightline keys create <name>`." });
    }
  }, 40_000);

  test("a cached report served by one instance shows the record the other instance just stored", async () => {
    const domain = bulkDomains[1]!;
    const [old] = await sql`SELECT id FROM scans WHERE domain = ${domain}`;
    // Both instances cache the old record first.
    const before = await Promise.all([first, second].map(async (instance) => (await reportOf(instance, domain)).scannedAt));
    expect(before[0]).toBe(before[1]);

    expect((await scan(first, domain, { client: "192.0.2.55", forceRescan: true })).status).toBe(202);
    await waitUntil(async () => (await countOf(sql`SELECT count(*) AS n FROM scans WHERE domain = ${domain}`)) === 2, 20_000);
    const storedAt = Date.now();
    const [fresh] = await sql`SELECT id, scanned_at FROM scans WHERE domain = ${domain} AND id <> ${old.id}`;
    const writer = await instanceThatRan(domain, 2);
    const reader = writer === first ? second : first;

    // Cross-instance: the reader did not store this record, so only a change check can tell it.
    let served = before[0];
    while (Date.now() - storedAt < 2000) {
      served = (await reportOf(reader, domain)).scannedAt;
      if (served !== before[0]) break;
      await Bun.sleep(50);
    }
    expect(served).toBe(new Date(Number(fresh.scanned_at)).toISOString());
  }, 30_000);

  test("kill -9 the instance running a scan, and the other finishes it after the lease expires", async () => {
    expect((await scan(first, CRASH_DOMAIN, { client: "192.0.2.66" })).status).toBe(202);
    // Running on one of them, which holds the lease in the jobs table; the gated site keeps it running.
    await waitUntil(async () => (await countOf(sql`SELECT count(*) AS n FROM jobs WHERE domain = ${CRASH_DOMAIN} AND state = 'running' AND lease_token IS NOT NULL`)) === 1, 10_000);
    await waitUntil(() => gated.requests.length > 0, 10_000);
    const holder = await instanceThatRan(CRASH_DOMAIN, 1);
    const survivor = holder === first ? second : first;
    const [leased] = await sql`SELECT lease_token, attempts FROM jobs WHERE domain = ${CRASH_DOMAIN}`;
    expect(Number(leased.attempts)).toBe(1);

    expect(await holder.stop("SIGKILL")).not.toBe(0);
    // Still the dead holder's lease (nobody took a live job over), until the time it ends.
    const [dead] = await sql`SELECT lease_token, lease_expires_at FROM jobs WHERE domain = ${CRASH_DOMAIN}`;
    expect(dead.lease_token).toBe(leased.lease_token);
    openGate();
    // The survivor takes the job over only once the dead holder's lease has run out (15 s), then stores the record.
    await waitUntil(async () => (await countOf(sql`SELECT count(*) AS n FROM scans WHERE domain = ${CRASH_DOMAIN}`)) === 1, 35_000);
    const [job] = await sql`SELECT state, attempts, lease_token FROM jobs WHERE domain = ${CRASH_DOMAIN}`;
    expect(job.state).toBe("done");
    expect(Number(job.attempts)).toBe(2);
    const takeover = await survivor.waitForLine((line) => line.includes('"message":"scan job started"') && line.includes(`"domain":"${CRASH_DOMAIN}"`), 5000);
    expect(takeover).not.toBeNull();
    // Logged after the claim, which the queue makes only once the lease has ended.
    expect(Date.parse(JSON.parse(takeover!).time)).toBeGreaterThanOrEqual(Number(dead.lease_expires_at));
    expect((await reportOf(survivor, CRASH_DOMAIN)).domain).toBe(CRASH_DOMAIN);
  }, 50_000);
});

function scan(instance: ServiceProcess, domain: string, options: { token?: string; client?: string; forceRescan?: boolean }): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json", authorization: `Bearer ${options.token ?? TOKEN}` };
  if (options.client) headers["x-forwarded-for"] = options.client;
  return fetch(`${instance.baseUrl}/api/scan`, { method: "POST", headers, body: JSON.stringify({ url: domain, forceRescan: options.forceRescan ?? false }) });
}

/** A form post as the browser sends it from one of our pages (same origin), without following the redirect. */
function postForm(instance: ServiceProcess, path: string, fields: Record<string, string>, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_ORIGIN, "sec-fetch-site": "same-origin" };
  if (cookie) headers.cookie = cookie;
  return fetch(`${instance.baseUrl}${path}`, { method: "POST", headers, body: new URLSearchParams(fields).toString(), redirect: "manual" });
}

/** `name=value` of the first Set-Cookie that sets a value, or null. */
function sessionCookieOf(response: Response): string | null {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0]!).find((pair) => !pair.endsWith("=")) ?? null;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function reportOf(instance: ServiceProcess, domain: string): Promise<any> {
  const response = await fetch(`${instance.baseUrl}/api/report/${domain}.json`);
  expect(response.status).toBe(200);
  return response.json();
}

async function countOf(query: Promise<Array<{ n: unknown }>>): Promise<number> {
  const [row] = await query;
  return Number(row!.n);
}

/** Domains whose scan jobs this instance started, from its log. */
function startedDomains(instance: ServiceProcess): Set<string> {
  return new Set(startedJobs(instance).map((entry) => entry.domain));
}

function startedJobs(instance: ServiceProcess): Array<{ jobId: number; domain: string }> {
  return instance.lines.flatMap((line) => (line.includes('"message":"scan job started"') ? [JSON.parse(line) as { jobId: number; domain: string }] : []));
}

/**
 * The instance that started the newest job of `domain`, once the logs show `times` starts of its jobs in
 * all (a log line may arrive through the pipe after the job's effects are visible in the database).
 */
async function instanceThatRan(domain: string, times: number): Promise<ServiceProcess> {
  const starts = () => [first, second].flatMap((instance) => startedJobs(instance).filter((entry) => entry.domain === domain).map((entry) => ({ instance, jobId: entry.jobId })));
  await waitUntil(() => starts().length >= times, 5000).catch(() => {});
  expect(starts()).toHaveLength(times);
  return starts().reduce((newest, start) => (start.jobId > newest.jobId ? start : newest)).instance;
}

async function waitUntil(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await Bun.sleep(100);
  }
}

/** A small site that answers at once: a homepage and robots.txt; anything else is a 404. */
function smallSite(): Record<string, string> {
  return {
    "/": `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A small site</title></head><body><h1>A small site</h1><p>It answers quickly.</p></body></html>`,
    "/robots.txt": "User-agent: *\nAllow: /\n",
  };
}

function serveSmall(request: Request): Response {
  const path = new URL(request.url).pathname;
  const body = smallSite()[path];
  if (body === undefined) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  return new Response(body, { headers: { "content-type": path.endsWith(".txt") ? "text/plain" : "text/html" } });
}
