/**
 * The key dashboard: a key is shown in full exactly once (on the page the creating form post redirects
 * to) and nowhere else: not on a reload, the list, the admin pages, the log, or the database file.
 * Revocation takes effect on the very next API request.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { createLogger } from "../../src/log.ts";
import { challengeToken, createKeyByForm, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

const createKey = createKeyByForm;

async function adminCookie(s: AccountsService): Promise<string> {
  const response = await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() });
  expect(response.status).toBe(303);
  return sessionCookieOf(response)!;
}

describe("API key dashboard", () => {
  test("signed-out visitors are sent to the sign-in page", async () => {
    const s = (service = await startAccounts());
    for (const path of ["/account", "/account/keys/1/revoke"]) {
      const response = await s.get(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/account/login");
    }
    const post = await s.post("/account/keys", { name: "x" });
    expect(post.status).toBe(303);
  });

  test("create → redirected → shown once with a copy button and a warning → works for the API → revoke with confirmation → 401 on the next request", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    const { post, response, page, key } = await createKey(s, cookie, "CI pipeline");
    expect(post.status).toBe(303);
    expect(post.headers.get("location")).toBe("/account#new-key-heading");
    expect(post.headers.get("cache-control")).toBe("no-store");
    expect(await post.text()).toBe("");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(key).toMatch(/^aivis_[0-9A-Za-z]{36}$/);
    expect(page).toContain("shown only this once");
    expect(page).toContain('data-copy-target="new-key"');
    expect(page).toContain(`-H "Authorization: Bearer ${key}"`);
    expect(page).toContain("curl -X POST http://localhost/api/scan");

    const list = await (await s.get("/account", { cookie })).text();
    expect(list).not.toContain(key);
    expect(list).toContain("CI pipeline");
    expect(list).toContain(`${key.slice(0, 10)}…`);
    expect(list).toContain("Active");
    expect(list).toContain("aivis_YOUR_KEY");

    const accepted = await s.scan({ url: "keyed.test" }, { token: key });
    expect(accepted.status).toBe(202);
    const used = await (await s.get("/account", { cookie })).text();
    expect(used).not.toContain(">never<");

    const id = /href="\/account\/keys\/(\d+)\/revoke"/.exec(list)?.[1];
    expect(id).toBeDefined();
    const confirm = await s.get(`/account/keys/${id}/revoke`, { cookie });
    expect(confirm.status).toBe(200);
    const confirmPage = await confirm.text();
    expect(confirmPage).toContain("Revoke this key?");
    expect(confirmPage).toContain(`action="/account/keys/${id}/revoke"`);
    // Looking at the confirmation changes nothing.
    expect((await s.scan({ url: "again.test" }, { token: key })).status).toBe(202);

    const revoked = await s.post(`/account/keys/${id}/revoke`, {}, { cookie });
    expect(revoked.status).toBe(303);
    expect(revoked.headers.get("location")).toBe("/account?revoked=1");
    const refused = await s.scan({ url: "third.test" }, { token: key });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "Unauthorized", hint: "This API key was revoked. Create a new one at /account, or with `sightline keys create <name>`." });
    const after = await (await s.get("/account?revoked=1", { cookie })).text();
    expect(after).toContain("Revoked");
    expect(after).toContain("The key was revoked");
  });

  test("a refused name keeps what was typed; nobody can revoke another user's key", async () => {
    const s = (service = await startAccounts());
    const ann = await s.signUp("ann@example.com");
    const bob = await s.signUp("bob@example.com");
    const refused = await s.post("/account/keys", { name: "x".repeat(65) }, { cookie: ann });
    expect(refused.status).toBe(422);
    const refusedPage = await refused.text();
    expect(refusedPage).toContain("at most 64 characters");
    expect(refusedPage).toContain(`value="${"x".repeat(65)}"`);

    const { key } = await createKey(s, ann, "ann-laptop");
    const id = /href="\/account\/keys\/(\d+)\/revoke"/.exec(await (await s.get("/account", { cookie: ann })).text())![1];
    expect((await s.get(`/account/keys/${id}/revoke`, { cookie: bob })).status).toBe(404);
    expect((await s.post(`/account/keys/${id}/revoke`, {}, { cookie: bob })).status).toBe(404);
    expect((await s.scan({ url: "still.test" }, { token: key })).status).toBe(202);
    expect(await (await s.get("/account", { cookie: bob })).text()).not.toContain("ann-laptop");
  });

  test("the key appears on the page after creation only: not the list, the admin pages, the log, or the database file", async () => {
    const lines: string[] = [];
    const s = (service = await startAccounts(ADMIN, { log: createLogger("debug", (line) => lines.push(line)) }));
    const cookie = await s.signUp("ann@example.com");
    const { key } = await createKey(s, cookie, "secret-test");
    expect((await s.scan({ url: "logged.test" }, { token: key })).status).toBe(202);

    const pages = [await (await s.get("/account", { cookie })).text()];
    const admin = await adminCookie(s);
    const adminPage = await (await s.get("/admin", { cookie: admin })).text();
    expect(adminPage).toContain("secret-test");
    pages.push(adminPage);
    const id = /href="\/admin\/keys\/(\d+)\/revoke"/.exec(adminPage)![1];
    pages.push(await (await s.get(`/admin/keys/${id}/revoke`, { cookie: admin })).text());
    for (const page of pages) expect(page).not.toContain(key);

    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join("\n")).not.toContain(key);
    expect(lines.join("\n")).not.toContain(key.slice(6));

    // Every file of the database (the main file, the WAL, the shared memory) before and after a checkpoint.
    const folder = dirname(s.databasePath);
    const scan = () => {
      for (const file of readdirSync(folder)) {
        const bytes = readFileSync(join(folder, file));
        expect(bytes.includes(Buffer.from(key))).toBe(false);
        expect(bytes.includes(Buffer.from(key.slice(6)))).toBe(false);
      }
    };
    scan();
    await s.runtime.db.run("PRAGMA wal_checkpoint(TRUNCATE)");
    scan();
  });

  test("an account may hold at most 20 active keys", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    for (let index = 0; index < 20; index++) expect((await s.post("/account/keys", { name: `key ${index}` }, { cookie })).status).toBe(303);
    const refused = await s.post("/account/keys", { name: "one too many" }, { cookie });
    expect(refused.status).toBe(422);
    expect(await refused.text()).toContain("Revoke one you no longer use first");
  });

  test("the account stylesheet is served from our own origin", async () => {
    const s = (service = await startAccounts());
    const css = await s.get("/assets/account.css");
    expect(css.status).toBe(200);
    expect(css.headers.get("content-type")).toContain("text/css");
    expect(await css.text()).toContain(".key-once");
  });
});
