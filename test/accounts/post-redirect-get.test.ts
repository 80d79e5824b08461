/**
 * Post/Redirect/Get on every account and admin form: a post that did its work answers 303 with a
 * Location, so reloading the page the browser lands on repeats nothing. A new key survives the redirect
 * once, sealed for the session that created it, and never sits in the database in plain text.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { listAllApiKeys } from "../../src/auth/api-key-service.ts";
import { KEY_FLASH_TTL_MS } from "../../src/accounts/key-flash.ts";
import { GOOD_PASSWORD, challengeToken, createKeyByForm, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

const keyOf = (page: string) => /<code id="new-key" data-api-key>([^<]+)<\/code>/.exec(page)?.[1] ?? null;

function expectRedirect(response: Response, location: string): void {
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(location);
  expect(response.headers.get("cache-control")).toBe("no-store");
}

describe("Post/Redirect/Get", () => {
  test("every account and admin form post answers 303 with a Location once it has done its work", async () => {
    const s = (service = await startAccounts(ADMIN));
    const covered = new Set<string>();
    const post = async (path: string, route: string, fields: Record<string, string>, cookie?: string) => {
      covered.add(route);
      return s.post(path, fields, cookie ? { cookie } : {});
    };

    const signup = await post("/account/signup", "/account/signup", { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() });
    expectRedirect(signup, "/account");
    const login = await post("/account/login", "/account/login", { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() });
    expectRedirect(login, "/account");
    const cookie = sessionCookieOf(login)!;
    expectRedirect(await post("/account/keys", "/account/keys", { name: "laptop" }, cookie), "/account#new-key-heading");
    const keyId = (await listAllApiKeys(s.runtime.db))[0]!.id;
    expectRedirect(await post(`/account/keys/${keyId}/revoke`, "/account/keys/:id/revoke", {}, cookie), "/account?revoked=1");
    expectRedirect(await post("/account/logout", "/account/logout", {}, cookie), "/account/login");

    const adminLogin = await post("/admin/login", "/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() });
    expectRedirect(adminLogin, "/admin");
    const admin = sessionCookieOf(adminLogin)!;
    const other = await createKeyByForm(s, await s.signUp("bob@example.com"), "bob's");
    const otherId = (await listAllApiKeys(s.runtime.db)).find((key) => key.name === "bob's")!.id;
    expect(other.key).toMatch(/^aivis_/);
    expectRedirect(await post(`/admin/keys/${otherId}/revoke`, "/admin/keys/:id/revoke", {}, admin), "/admin?revoked=1#users");
    expectRedirect(await post("/admin/limits/clear", "/admin/limits/clear", { bucket: "ip:203.0.113.7" }, admin), `/admin?cleared=${encodeURIComponent("ip:203.0.113.7")}#refusals`);
    expectRedirect(await post("/admin/answers/budget", "/admin/answers/budget", { email: "bob@example.com", usd: "5" }, admin), `/admin/answers?set=${encodeURIComponent("bob@example.com")}`);
    expectRedirect(await post("/admin/logout", "/admin/logout", {}, admin), "/admin/login");

    // A form route added later without a case here fails this test.
    const formPosts = s.runtime.app.routes
      .filter((route) => route.method === "POST" && /^\/(account|admin)(\/|$)/.test(route.path))
      .map((route) => route.path);
    expect(formPosts.length).toBeGreaterThanOrEqual(8);
    for (const path of formPosts) expect(covered).toContain(path);
  });

  test("reloading the page after “Create key” creates nothing and does not show the key again", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    const { page, key } = await createKeyByForm(s, cookie, "CI pipeline");
    expect(page).toContain("shown only this once");
    expect(page).toContain(`-H "Authorization: Bearer ${key}"`);
    expect(await listAllApiKeys(s.runtime.db)).toHaveLength(1);

    // The reload is a GET of the page redirected to: it lists the key by its start, nothing more.
    for (let reload = 0; reload < 3; reload++) {
      const again = await (await s.get("/account", { cookie })).text();
      expect(keyOf(again)).toBeNull();
      expect(again).not.toContain(key);
      expect(again).not.toContain("shown only this once");
      expect(again).toContain(`${key.slice(0, 10)}…`);
    }
    expect(await listAllApiKeys(s.runtime.db)).toHaveLength(1);
    // The key works: it was created once and shown once.
    expect((await s.scan({ url: "keyed.test" }, { token: key })).status).toBe(202);
  });

  test("two keys created before the page loads are both shown, once", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    expect((await s.post("/account/keys", { name: "first" }, { cookie })).status).toBe(303);
    expect((await s.post("/account/keys", { name: "second" }, { cookie })).status).toBe(303);
    const page = await (await s.get("/account", { cookie })).text();
    expect(page.match(/data-api-key>aivis_[0-9A-Za-z]{36}</g)).toHaveLength(2);
    expect(page.indexOf("Your new key “first”")).toBeLessThan(page.indexOf("Your new key “second”"));
    expect(keyOf(page)).not.toBeNull();
    expect((await (await s.get("/account", { cookie })).text()).match(/data-api-key>/g)).toBeNull();
  });

  test("the waiting key is sealed: not in the database files in plain text, not for another session, gone after ten minutes", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    const elsewhere = sessionCookieOf(await s.post("/account/login", { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() }))!;
    expect(elsewhere).not.toBe(cookie);

    expect((await s.post("/account/keys", { name: "sealed" }, { cookie })).status).toBe(303);
    // Between the post and the page, the key exists only sealed: keep the files as they are now, and
    // look for the key in them once it is known.
    const visibleStart = (await listAllApiKeys(s.runtime.db))[0]!.visibleStart;
    const folder = dirname(s.databasePath);
    const files = () => readdirSync(folder).map((file) => readFileSync(join(folder, file)));
    const whileWaiting = files();
    await s.runtime.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    whileWaiting.push(...files());
    const sealed = (await s.runtime.db.get<{ count: number }>("SELECT count(*) AS count FROM key_flashes"))!.count;
    expect(sealed).toBe(1);

    // Another session of the same account does not get it (and does not use it up).
    expect(keyOf(await (await s.get("/account", { cookie: elsewhere })).text())).toBeNull();
    const key = keyOf(await (await s.get("/account", { cookie })).text());
    expect(key).toStartWith(visibleStart);
    // The part of the key after its visible start is the secret; the list shows the start anyway.
    const secret = Buffer.from(key!.slice(visibleStart.length));
    for (const bytes of [...whileWaiting, ...files()]) expect(bytes.includes(secret)).toBe(false);
    expect((await s.runtime.db.get<{ count: number }>("SELECT count(*) AS count FROM key_flashes"))!.count).toBe(0);

    // A flash nobody came for expires.
    expect((await s.post("/account/keys", { name: "forgotten" }, { cookie })).status).toBe(303);
    s.clock.now += KEY_FLASH_TTL_MS + 1;
    const late = await (await s.get("/account", { cookie })).text();
    expect(keyOf(late)).toBeNull();
    expect(late).toContain("forgotten");
  });

  test("signing out drops a key nobody came for", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    expect((await s.post("/account/keys", { name: "left behind" }, { cookie })).status).toBe(303);
    expect((await s.post("/account/logout", {}, { cookie })).status).toBe(303);
    expect((await s.runtime.db.get<{ count: number }>("SELECT count(*) AS count FROM key_flashes"))!.count).toBe(0);
  });

  test("a refused key name changes nothing and comes back as the form, not a redirect", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    const refused = await s.post("/account/keys", { name: "   " }, { cookie });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Give the key a name.");
    expect(await listAllApiKeys(s.runtime.db)).toHaveLength(0);
  });
});
