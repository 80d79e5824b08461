/**
 * An operator is never locked out of their own service: a limit that refused a scan can be cleared from
 * the admin page or with `sightline limits clear`, both logged, and the next scan goes through.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { limitsCommand } from "../../src/cli/limits-command.ts";
import { EXIT } from "../../src/cli/exit-codes.ts";
import { loadConfig } from "../../src/config.ts";
import type { Log } from "../../src/log.ts";
import { bucketOf } from "../../src/limits/limit-buckets.ts";
import { challengeToken, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "../accounts/account-test-kit.ts";
import { DEFAULT_CLIENT } from "../helpers/test-runtime.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };
const ONE_SCAN_AN_HOUR = { ...ADMIN, LIMIT_PER_IP_PER_HOUR: "1", LIMIT_PER_DOMAIN_PER_HOUR: "1" };

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

const anonymousScan = (s: AccountsService, url: string) => s.scan({ url, challengeToken: challengeToken() });

async function cli(s: AccountsService, args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await limitsCommand(args, loadConfig({ DATABASE_PATH: s.databasePath, LOG_LEVEL: "info" }), { out: (text) => void out.push(text), err: (text) => void err.push(text) }, () => s.clock.now);
  return { code, out: out.join(""), err: err.join("") };
}

describe("clearing a rate limit", () => {
  test("from the admin page: the refused address's limit is listed, cleared, logged, and the next scan is accepted", async () => {
    const logged: { message: string; fields?: Record<string, unknown> }[] = [];
    const log: Log = (_level, message, fields) => void logged.push({ message, fields });
    const s = (service = await startAccounts(ONE_SCAN_AN_HOUR, { log }));
    expect((await anonymousScan(s, "first.test")).status).toBe(202);
    expect((await anonymousScan(s, "second.test")).status).toBe(429);

    const admin = sessionCookieOf(await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() }))!;
    const page = await (await s.get("/admin", { cookie: admin })).text();
    const bucket = `ip:${DEFAULT_CLIENT}`;
    expect(page).toContain(`<input type="hidden" name="bucket" value="${bucket}">`);

    const cleared = await s.post("/admin/limits/clear", { bucket }, { cookie: admin });
    expect(cleared.status).toBe(303);
    expect(cleared.headers.get("location")).toBe(`/admin?cleared=${encodeURIComponent(bucket)}#refusals`);
    expect(await (await s.get(cleared.headers.get("location")!.replace(/#.*/, ""), { cookie: admin })).text()).toContain(`The limit ${bucket} was cleared`);
    expect(logged).toContainEqual({ message: "rate-limit bucket cleared", fields: { bucket, forgotten: 1, by: "admin" } });
    expect((await anonymousScan(s, "second.test")).status).toBe(202);
  });

  test("the admin's clear is refused without a session, from another site, and for a name that is no limit", async () => {
    const s = (service = await startAccounts(ONE_SCAN_AN_HOUR));
    expect((await s.post("/admin/limits/clear", { bucket: `ip:${DEFAULT_CLIENT}` })).headers.get("location")).toBe("/admin/login");
    const admin = sessionCookieOf(await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() }))!;
    const crossSite = await s.post("/admin/limits/clear", { bucket: `ip:${DEFAULT_CLIENT}` }, { cookie: admin, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(crossSite.status).toBe(403);
    const nonsense = await s.post("/admin/limits/clear", { bucket: "ip:not-an-address" }, { cookie: admin });
    expect(nonsense.status).toBe(400);
    expect(await nonsense.text()).toContain("is not an IP address");
  });

  test("with `sightline limits`: list names the refused address's limit, clear forgets it (logged), and the next scan is accepted", async () => {
    const s = (service = await startAccounts({ LIMIT_PER_IP_PER_HOUR: "1" }));
    expect((await anonymousScan(s, "bakery.test")).status).toBe(202);
    expect((await anonymousScan(s, "dairy.test")).status).toBe(429);

    const listed = await cli(s, ["list"]);
    expect(listed.code).toBe(EXIT.ok);
    expect(listed.out).toMatch(/^BUCKET +REQUESTS +OLDEST$/m);
    expect(listed.out).toMatch(new RegExp(`^ip:${DEFAULT_CLIENT.replaceAll(".", "\\.")} +1 `, "m"));
    expect(listed.out).toMatch(/^domain:bakery\.test +1 /m);
    const json = JSON.parse((await cli(s, ["list", "--json"])).out) as { bucket: string; used: number }[];
    expect(json).toContainEqual(expect.objectContaining({ bucket: `ip:${DEFAULT_CLIENT}`, used: 1 }));

    const cleared = await cli(s, ["clear", DEFAULT_CLIENT]);
    expect(cleared.code).toBe(EXIT.ok);
    expect(cleared.err).toContain('"message":"rate-limit bucket cleared"');
    expect(cleared.err).toContain(`"bucket":"ip:${DEFAULT_CLIENT}"`);
    expect(cleared.err).toContain(`Cleared ip:${DEFAULT_CLIENT}: 1 counted request forgotten`);
    expect((await anonymousScan(s, "dairy.test")).status).toBe(202);
  });

  test("`sightline limits` refuses what it cannot do, with the usage and exit code 2", async () => {
    const s = (service = await startAccounts());
    for (const args of [[], ["wipe"], ["clear"], ["clear", "a", "b"], ["clear", "key:abc"], ["list", "--yaml"]]) expect((await cli(s, args)).code).toBe(EXIT.usage);
    const missing = await limitsCommand(["list"], loadConfig({ DATABASE_PATH: "/nonexistent/dir/x.sqlite" }), { out: () => {}, err: () => {} });
    expect(missing).toBe(EXIT.failure);
  });
});

describe("a typed name is the limit it stands for", () => {
  test.each([
    ["203.0.113.7", "ip:203.0.113.7"],
    ["ip:203.0.113.7", "ip:203.0.113.7"],
    ["2001:db8::1", "ip:2001:db8::/64"],
    ["ip:2001:db8::/64", "ip:2001:db8::/64"],
    ["Example.com", "domain:example.com"],
    ["domain:https://www.example.com/x", "domain:example.com"],
    ["key:12", "key:12"],
    ["check-ip:203.0.113.7", "check-ip:203.0.113.7"],
  ])("%s → %s", (input, bucket) => {
    expect(bucketOf(input)).toEqual({ ok: true, bucket });
  });

  test.each(["", "key:x", "ip:300.1.1.1", "not a domain"])("%p names no limit", (input) => {
    expect(bucketOf(input).ok).toBe(false);
  });
});
