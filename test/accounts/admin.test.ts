/** The admin area: disabled without ADMIN_EMAIL/ADMIN_PASSWORD, short sessions, the overview, revoking any key. */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiKey } from "../../src/auth/api-key-service.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { challengeToken, createKeyByForm, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

async function signInAdmin(s: AccountsService, password = ADMIN.ADMIN_PASSWORD, email = "Admin@Example.com"): Promise<Response> {
  return s.post("/admin/login", { email, password, challengeToken: challengeToken() });
}

describe("admin area", () => {
  test("without ADMIN_EMAIL/ADMIN_PASSWORD every admin page is a 404 saying the login is disabled", async () => {
    const s = (service = await startAccounts());
    for (const path of ["/admin/login", "/admin", "/admin/keys/1/revoke"]) {
      const response = await s.get(path);
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Admin login is disabled");
    }
    expect((await signInAdmin(s)).status).toBe(404);
  });

  test("sign-in: generic failure, then a short session cookie; user and admin sessions do not mix", async () => {
    const s = (service = await startAccounts(ADMIN));
    const page = await s.get("/admin/login");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Admin sign-in");
    for (const wrong of [await signInAdmin(s, "wrong passphrase 42"), await signInAdmin(s, ADMIN.ADMIN_PASSWORD, "other@example.com")]) {
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).toContain("Invalid email or password.");
    }
    expect((await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD })).status).toBe(403);

    const ok = await signInAdmin(s);
    expect(ok.status).toBe(303);
    const [cookie] = ok.headers.getSetCookie();
    expect(cookie).toMatch(/^sightline_admin=[a-z2-7]{32}; Path=\/; Max-Age=28800; HttpOnly; SameSite=Lax$/);
    const admin = sessionCookieOf(ok)!;
    expect((await s.get("/admin", { cookie: admin })).status).toBe(200);

    const user = await s.signUp("ann@example.com");
    expect((await s.get("/admin", { cookie: user })).status).toBe(303);
    expect((await s.get("/admin", { cookie: user.replace("sightline_session", "sightline_admin") })).status).toBe(303);
    expect((await s.get("/account", { cookie: admin.replace("sightline_admin", "sightline_session") })).status).toBe(303);
  });

  test("admin sessions end after 30 idle minutes and 8 hours in all", async () => {
    const s = (service = await startAccounts(ADMIN));
    const idle = sessionCookieOf(await signInAdmin(s))!;
    s.clock.now += 29 * 60_000;
    expect((await s.get("/admin", { cookie: idle })).status).toBe(200);
    s.clock.now += 31 * 60_000;
    expect((await s.get("/admin", { cookie: idle })).status).toBe(303);

    const busy = sessionCookieOf(await signInAdmin(s))!;
    for (let minutes = 20; minutes < 480; minutes += 20) {
      s.clock.now += 20 * 60_000;
      expect((await s.get("/admin", { cookie: busy })).status).toBe(200);
    }
    s.clock.now += 20 * 60_000;
    expect((await s.get("/admin", { cookie: busy })).status).toBe(303);
  });

  test("failed admin sign-ins are throttled", async () => {
    const s = (service = await startAccounts(ADMIN));
    for (let index = 0; index < 5; index++) expect((await signInAdmin(s, "wrong passphrase 42")).status).toBe(401);
    const locked = await signInAdmin(s);
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("1");
  });

  test("the overview shows recent scans with caller and key, the queue, users with keys, and refusals; any key can be revoked", async () => {
    const s = (service = await startAccounts(ADMIN));
    const user = await s.signUp("ann@example.com");
    const { key } = await createKeyByForm(s, user, "ann's <CI>");
    const keyId = (await createApiKey(s.runtime.db, { prefix: "aivis", name: "operator key", userId: null, now: s.clock.now })).id;
    await insertScan(s.runtime.db, {
      domain: "scanned.test",
      status: "ok",
      score: 87,
      scannedAt: s.clock.now,
      recordJson: "{}",
      artifactsJson: null,
      caller: { kind: "key", keyId: keyId },
    });
    expect((await s.scan({ url: "queued.test" }, { token: key })).status).toBe(202);
    await s.signUp("bob@example.com", undefined, "192.0.2.50");

    const admin = sessionCookieOf(await signInAdmin(s))!;
    const page = await (await s.get("/admin", { cookie: admin })).text();
    expect(page).toContain("scanned.test");
    expect(page).toMatch(
      /scanned\.test<\/a><\/th>\s*<td data-label="Status"><span class="status status-pass">ok<\/span><\/td>\s*<td data-label="Score">87<\/td><td data-label="When"><time[^>]*>[^<]*<\/time><\/td><td data-label="Caller">key<\/td><td data-label="Key">operator key<\/td>/,
    );
    expect(page).toContain("ann&#39;s &lt;CI&gt;");
    expect(page).not.toContain("ann's <CI>");
    expect(page).toContain("queued.test");
    expect(page).toMatch(/<strong>1<\/strong> queued/);
    expect(page).toContain("ann@example.com");
    expect(page).toContain("bob@example.com");
    expect(page).toContain("operator key");
    expect(page).not.toContain(key);

    const userKeyId = /href="\/admin\/keys\/(\d+)\/revoke"[^>]*>Revoke<span class="visually-hidden"> ann/.exec(page)?.[1];
    expect(userKeyId).toBeDefined();
    const confirm = await s.get(`/admin/keys/${userKeyId}/revoke`, { cookie: admin });
    expect(await confirm.text()).toContain("ann@example.com");
    const cross = await s.post(`/admin/keys/${userKeyId}/revoke`, {}, { cookie: admin, headers: { origin: "http://evil.test" } });
    expect(cross.status).toBe(403);
    expect((await s.scan({ url: "other.test" }, { token: key })).status).toBe(202);
    const revoked = await s.post(`/admin/keys/${userKeyId}/revoke`, {}, { cookie: admin });
    expect(revoked.status).toBe(303);
    expect((await s.scan({ url: "third.test" }, { token: key })).status).toBe(401);
  });

  test("rate-limit refusals of the last day are listed, sign-in lockouts included", async () => {
    const s = (service = await startAccounts(ADMIN));
    for (let index = 0; index < 5; index++) await s.post("/account/login", { email: "x@example.com", password: "wrong password here", challengeToken: challengeToken() }, { client: "192.0.2.99" });
    expect((await s.post("/account/login", { email: "x@example.com", password: "wrong password here", challengeToken: challengeToken() }, { client: "192.0.2.99" })).status).toBe(429);
    const admin = sessionCookieOf(await signInAdmin(s))!;
    const page = await (await s.get("/admin", { cookie: admin })).text();
    expect(page).toContain("login-user:");
    s.clock.now += 86_400_000 + 1;
    const later = sessionCookieOf(await signInAdmin(s))!;
    expect(await (await s.get("/admin", { cookie: later })).text()).toContain("Nobody was turned away.");
  });

  test("sign-out ends the admin session", async () => {
    const s = (service = await startAccounts(ADMIN));
    const admin = sessionCookieOf(await signInAdmin(s))!;
    const out = await s.post("/admin/logout", {}, { cookie: admin });
    expect(out.status).toBe(303);
    expect((await s.get("/admin", { cookie: admin })).status).toBe(303);
  });

  test("a restart with another ADMIN_PASSWORD or ADMIN_EMAIL ends the admin sessions opened before; the same settings keep them", async () => {
    const directory = mkdtempSync(join(tmpdir(), "sightline-admin-rotation-"));
    const DATABASE_PATH = join(directory, "shared.sqlite");
    const restart = async (env: Record<string, string>) => {
      await service?.close();
      service = await startAccounts({ DATABASE_PATH, ...env });
      return service;
    };
    try {
      const first = await restart(ADMIN);
      const opened = sessionCookieOf(await signInAdmin(first))!;
      expect((await first.get("/admin", { cookie: opened })).status).toBe(200);

      const same = await restart(ADMIN);
      expect((await same.get("/admin", { cookie: opened })).status).toBe(200);

      const newPassword = await restart({ ...ADMIN, ADMIN_PASSWORD: "a brand new operator passphrase" });
      const refused = await newPassword.get("/admin", { cookie: opened });
      expect(refused.status).toBe(303);
      expect(refused.headers.get("location")).toBe("/admin/login");
      const fresh = sessionCookieOf(await signInAdmin(newPassword, "a brand new operator passphrase"))!;
      expect((await newPassword.get("/admin", { cookie: fresh })).status).toBe(200);

      // Back to the first password: the session opened under the second ends, and the first one stays ended.
      const back = await restart(ADMIN);
      expect((await back.get("/admin", { cookie: fresh })).status).toBe(303);
      expect((await back.get("/admin", { cookie: opened })).status).toBe(303);

      const newEmail = await restart({ ...ADMIN, ADMIN_EMAIL: "operator@example.com" });
      expect((await newEmail.get("/admin", { cookie: opened })).status).toBe(303);
      const again = sessionCookieOf(await signInAdmin(newEmail, ADMIN.ADMIN_PASSWORD, "operator@example.com"))!;
      expect((await newEmail.get("/admin", { cookie: again })).status).toBe(200);
      expect((await newEmail.get("/admin/login", { cookie: again })).status).toBe(303);
      expect((await newEmail.get("/admin/login", { cookie: opened })).status).toBe(200);
    } finally {
      await service?.close();
      service = undefined;
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
