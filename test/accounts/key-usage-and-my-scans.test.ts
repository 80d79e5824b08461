/**
 * The dashboard shows each active key's fresh scans in the last hour against LIMIT_PER_KEY_PER_HOUR,
 * counted from the same window the limiter uses; and "My scans" lists the scans asked for with the
 * user's own keys, nobody else's, a page at a time.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { insertScan } from "../../src/store/scans-repo.ts";
import { listAllApiKeys } from "../../src/auth/api-key-service.ts";
import { createKeyByForm, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

const usageOf = (page: string, name: string) => {
  const row = page.split("<tr>").find((part) => part.includes(`<th scope="row">${name}</th>`));
  return row ? /(\d+) of (\d+) fresh scans/.exec(row)?.slice(1, 3).join("/") ?? "none" : "no row";
};

async function storeScan(s: AccountsService, domain: string, apiKeyId: number | null, at: number): Promise<void> {
  await insertScan(s.runtime.db, { domain, status: "ok", score: 50, scannedAt: at, recordJson: "{}", artifactsJson: null, caller: apiKeyId === null ? { kind: "challenge" } : { kind: "key", keyId: apiKeyId } });
}

describe("key usage", () => {
  test("each active key shows its fresh scans of the last hour against the limit; cached answers cost nothing", async () => {
    const s = (service = await startAccounts({ LIMIT_PER_KEY_PER_HOUR: "3" }));
    const cookie = await s.signUp("ann@example.com");
    const { key: busy } = await createKeyByForm(s, cookie, "busy");
    await createKeyByForm(s, cookie, "idle");

    let page = await (await s.get("/account", { cookie })).text();
    expect(page).toContain("Used in the last hour");
    expect(usageOf(page, "busy")).toBe("0/3");
    expect(usageOf(page, "idle")).toBe("0/3");

    expect((await s.scan({ url: "one.test" }, { token: busy })).status).toBe(202);
    expect((await s.scan({ url: "two.test" }, { token: busy })).status).toBe(202);
    // Joining the scan already queued for a domain spends nothing, and the dashboard agrees.
    expect((await s.scan({ url: "two.test" }, { token: busy })).status).toBe(202);
    page = await (await s.get("/account", { cookie })).text();
    expect(usageOf(page, "busy")).toBe("2/3");
    expect(usageOf(page, "idle")).toBe("0/3");
    expect(page).not.toContain("the next in");

    s.clock.now += 10 * 60_000;
    expect((await s.scan({ url: "three.test" }, { token: busy })).status).toBe(202);
    expect((await s.scan({ url: "four.test" }, { token: busy })).status).toBe(429);
    page = await (await s.get("/account", { cookie })).text();
    expect(usageOf(page, "busy")).toBe("3/3");
    // The oldest counted scan leaves the window 50 minutes from now.
    expect(page).toContain("(the next in 50 minutes)");

    s.clock.now += 50 * 60_000 + 1;
    page = await (await s.get("/account", { cookie })).text();
    expect(usageOf(page, "busy")).toBe("1/3");
  });

  test("a revoked key shows no usage", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    await createKeyByForm(s, cookie, "gone");
    const id = (await listAllApiKeys(s.runtime.db))[0]!.id;
    expect((await s.post(`/account/keys/${id}/revoke`, {}, { cookie })).status).toBe(303);
    expect(usageOf(await (await s.get("/account", { cookie })).text(), "gone")).toBe("none");
  });
});

describe("My scans", () => {
  test("lists only the scans asked for with the user's own keys (revoked ones included), newest first", async () => {
    const s = (service = await startAccounts());
    const ann = await s.signUp("ann@example.com");
    const bob = await s.signUp("bob@example.com");
    await createKeyByForm(s, ann, "ann-ci");
    await createKeyByForm(s, ann, "ann-laptop");
    await createKeyByForm(s, bob, "bob-ci");
    const keys = Object.fromEntries((await listAllApiKeys(s.runtime.db)).map((key) => [key.name, key.id]));
    const t0 = s.clock.now;
    await storeScan(s, "ann-first.test", keys["ann-ci"]!, t0 - 3000);
    await storeScan(s, "ann-second.test", keys["ann-laptop"]!, t0 - 2000);
    await storeScan(s, "bob-only.test", keys["bob-ci"]!, t0 - 1000);
    await storeScan(s, "anonymous.test", null, t0);
    expect((await s.post(`/account/keys/${keys["ann-ci"]}/revoke`, {}, { cookie: ann })).status).toBe(303);

    const page = await (await s.get("/account", { cookie: ann })).text();
    expect(page).toContain('id="my-scans"');
    expect(page).toContain("ann-first.test");
    expect(page).toContain("ann-second.test");
    expect(page.indexOf("ann-second.test")).toBeLessThan(page.indexOf("ann-first.test"));
    expect(page).not.toContain("bob-only.test");
    expect(page).not.toContain("anonymous.test");
    expect(page).toContain('href="/report/ann-first.test"');

    const bobPage = await (await s.get("/account", { cookie: bob })).text();
    expect(bobPage).toContain("bob-only.test");
    expect(bobPage).not.toContain("ann-");

    const full = await s.get("/account/scans", { cookie: ann });
    expect(full.status).toBe(200);
    const fullPage = await full.text();
    expect(fullPage).toContain("2 scans.");
    expect(fullPage).not.toContain("bob-only.test");
    expect((await s.get("/account/scans")).headers.get("location")).toBe("/account/login");
  });

  test("pages through many scans; a hostile page number falls back to a real page", async () => {
    const s = (service = await startAccounts());
    const ann = await s.signUp("ann@example.com");
    await createKeyByForm(s, ann, "ci");
    const keyId = (await listAllApiKeys(s.runtime.db))[0]!.id;
    for (let index = 0; index < 30; index++) await storeScan(s, `site-${String(index).padStart(2, "0")}.test`, keyId, s.clock.now - (30 - index) * 1000);

    const dashboard = await (await s.get("/account", { cookie: ann })).text();
    expect(dashboard.match(/href="\/report\/site-/g)).toHaveLength(5);
    expect(dashboard).toContain('<a href="/account/scans">All 30 of your scans</a>');

    const first = await (await s.get("/account/scans", { cookie: ann })).text();
    expect(first).toContain("Page 1 of 2 (30 scans)");
    expect(first).toContain("site-29.test");
    expect(first).not.toContain("site-04.test");
    expect(first).toContain('href="/account/scans?page=2"');
    const second = await (await s.get("/account/scans?page=2", { cookie: ann })).text();
    expect(second).toContain("site-04.test");
    expect(second).not.toContain("site-29.test");
    expect(second).toContain('href="/account/scans"');

    for (const page of ["0", "-1", "abc", "1e3", "%27%20OR%201%3D1", "99999999999"]) {
      const response = await s.get(`/account/scans?page=${page}`, { cookie: ann });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain("Page 1 of 2");
    }
    // Past the end: the last page.
    expect(await (await s.get("/account/scans?page=7", { cookie: ann })).text()).toContain("Page 2 of 2");
  });
});
