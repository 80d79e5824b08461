/**
 * The admin's searchable lists: /admin/scans (domain search, status, caller and date filters, paging)
 * and /admin/users (email search, paging). Search text is matched literally (`%` and `_` are not
 * wildcards), hostile values are escaped when the form is shown again, and values that do not parse
 * are dropped with a message instead of reaching SQL.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import type { Caller } from "../../src/types/caller.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { challengeToken, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };
const DAY = 86_400_000;

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

async function adminOf(s: AccountsService): Promise<string> {
  return sessionCookieOf(await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() }))!;
}

async function storeScan(s: AccountsService, domain: string, at: number, status: "ok" | "failed" = "ok", callerKind: Caller["kind"] = "challenge"): Promise<void> {
  await insertScan(s.runtime.db, { domain, status, score: status === "ok" ? 80 : null, scannedAt: at, recordJson: "{}", artifactsJson: null, caller: { kind: callerKind } as Caller });
}

/** The domains listed in a page's scan table, in order. */
const domainsIn = (page: string) => [...page.matchAll(/<th scope="row"><a href="\/report\/[^"]*">([^<]*)<\/a>/g)].map((match) => match[1]);

describe("/admin/scans", () => {
  test("searches the domain, filters by status, caller and day (UTC, “to” inclusive), and combines them", async () => {
    const s = (service = await startAccounts(ADMIN));
    const admin = await adminOf(s);
    const jan6 = Date.UTC(2025, 0, 6, 9);
    await storeScan(s, "shop.example.test", jan6 - 2 * DAY);
    await storeScan(s, "blog.example.test", jan6 - DAY, "failed");
    await storeScan(s, "news.other.test", jan6, "ok", "key");
    await storeScan(s, "shop.other.test", Date.UTC(2025, 0, 6, 23, 59), "failed", "mcp");

    const list = async (query: string) => domainsIn(await (await s.get(`/admin/scans${query}`, { cookie: admin })).text());
    expect(await list("")).toEqual(["shop.other.test", "news.other.test", "blog.example.test", "shop.example.test"]);
    expect(await list("?domain=SHOP")).toEqual(["shop.other.test", "shop.example.test"]);
    expect(await list("?status=failed")).toEqual(["shop.other.test", "blog.example.test"]);
    expect(await list("?caller=key")).toEqual(["news.other.test"]);
    expect(await list("?from=2025-01-05")).toEqual(["shop.other.test", "news.other.test", "blog.example.test"]);
    expect(await list("?to=2025-01-05")).toEqual(["blog.example.test", "shop.example.test"]);
    expect(await list("?from=2025-01-06&to=2025-01-06")).toEqual(["shop.other.test", "news.other.test"]);
    expect(await list("?domain=other&status=failed&from=2025-01-06&to=2025-01-06")).toEqual(["shop.other.test"]);

    const page = await (await s.get("/admin/scans?domain=other&status=failed", { cookie: admin })).text();
    expect(page).toContain("1 scan matches.");
    expect(page).toContain('value="other"');
    expect(page).toMatch(/<option value="failed" selected>/);
    expect(page).toContain('href="/admin/scans">Clear</a>');
    expect(await (await s.get("/admin/scans?domain=nothing-like-it", { cookie: admin })).text()).toContain("No scan matches these filters.");
  });

  test("hostile search text is matched literally and shown escaped; unknown filter values are dropped and named", async () => {
    const s = (service = await startAccounts(ADMIN));
    const admin = await adminOf(s);
    await storeScan(s, "a_b.test", s.clock.now - 3000);
    await storeScan(s, "axb.test", s.clock.now - 2000);
    await storeScan(s, "100%.test", s.clock.now - 1000);

    const list = async (query: Record<string, string>) => {
      const response = await s.get(`/admin/scans?${new URLSearchParams(query)}`, { cookie: admin });
      expect(response.status).toBe(200);
      return response.text();
    };
    expect(domainsIn(await list({ domain: "a_b" }))).toEqual(["a_b.test"]);
    expect(domainsIn(await list({ domain: "%" }))).toEqual(["100%.test"]);
    expect(domainsIn(await list({ domain: "\\" }))).toEqual([]);
    expect(domainsIn(await list({ domain: "' OR '1'='1" }))).toEqual([]);
    expect(domainsIn(await list({ domain: "x'); DROP TABLE scans; --" }))).toEqual([]);
    expect(domainsIn(await list({}))).toHaveLength(3);

    const reflected = await list({ domain: '"><script>alert(1)</script>' });
    expect(reflected).not.toContain("<script>alert(1)");
    expect(reflected).toContain('value="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');

    const bad = await list({ status: "ok' OR 1=1 --", caller: "<b>root</b>", from: "2025-02-30", to: "yesterday" });
    expect(domainsIn(bad)).toHaveLength(3);
    expect(bad).toContain("The status filter was not one of the offered values");
    expect(bad).toContain("The caller filter was not one of the offered values");
    expect(bad).toContain("The “from” date was not a date");
    expect(bad).toContain("The “to” date was not a date");
    expect(bad).not.toContain("<b>root</b>");

    // A repeated parameter counts once (the query parser keeps one value), and a very long one is cut, not refused.
    const repeated = await s.get("/admin/scans?status=failed&status=ok", { cookie: admin });
    expect(repeated.status).toBe(200);
    // "failed" matches none of the three, "ok" all of them; either way one value was applied, not both or neither.
    expect([0, 3]).toContain(domainsIn(await repeated.text()).length);
    expect(await (await s.get("/admin/scans?status=failed&status=ok", { cookie: admin })).text()).not.toContain("was not one of the offered values");
    expect((await s.get(`/admin/scans?domain=${"a".repeat(5000)}`, { cookie: admin })).status).toBe(200);
  });

  test("pages through the list, keeping the filters in the links; a page past the end shows the last", async () => {
    const s = (service = await startAccounts(ADMIN));
    const admin = await adminOf(s);
    for (let index = 0; index < 120; index++) await storeScan(s, `site-${String(index).padStart(3, "0")}.test`, s.clock.now - (120 - index) * 1000, index % 2 ? "ok" : "failed");

    const first = await (await s.get("/admin/scans", { cookie: admin })).text();
    expect(domainsIn(first)).toHaveLength(50);
    expect(domainsIn(first)[0]).toBe("site-119.test");
    expect(first).toContain("Page 1 of 3 (120 scans)");
    expect(first).toContain('href="/admin/scans?page=2"');
    const third = await (await s.get("/admin/scans?page=3", { cookie: admin })).text();
    expect(domainsIn(third)).toHaveLength(20);
    expect(domainsIn(third).at(-1)).toBe("site-000.test");

    const filtered = await (await s.get("/admin/scans?status=ok&domain=site", { cookie: admin })).text();
    expect(filtered).toContain("Page 1 of 2 (60 scans)");
    expect(filtered).toContain('href="/admin/scans?domain=site&amp;status=ok&amp;page=2"');
    const beyond = await (await s.get("/admin/scans?status=ok&domain=site&page=40", { cookie: admin })).text();
    expect(beyond).toContain("Page 2 of 2 (60 scans)");
    expect(domainsIn(beyond)).toHaveLength(10);
  });

  test("the overview shows the ten newest scans and links the full list; signed-out visitors are sent to sign in", async () => {
    const s = (service = await startAccounts(ADMIN));
    for (let index = 0; index < 12; index++) await storeScan(s, `n${index}.test`, s.clock.now - (12 - index) * 1000);
    const admin = await adminOf(s);
    const overview = await (await s.get("/admin", { cookie: admin })).text();
    expect(domainsIn(overview)).toHaveLength(10);
    expect(overview).toContain('<a href="/admin/scans">All 12 scans, with search and filters</a>');
    for (const path of ["/admin/scans", "/admin/users"]) {
      const response = await s.get(path);
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/admin/login");
    }
  });
});

describe("/admin/users", () => {
  test("searches by email, literally, and pages", async () => {
    const s = (service = await startAccounts(ADMIN));
    await s.signUp("ann_smith@example.com");
    await s.signUp("annxsmith@example.com");
    await s.signUp("bob@example.org");
    const admin = await adminOf(s);
    const emails = async (query: string) =>
      [...(await (await s.get(`/admin/users${query}`, { cookie: admin })).text()).matchAll(/<th scope="row">([^<]*@[^<]*)<\/th>/g)].map((match) => match[1]);
    expect(await emails("")).toHaveLength(3);
    expect(await emails("?email=ANN_")).toEqual(["ann_smith@example.com"]);
    expect(await emails("?email=example.org")).toEqual(["bob@example.org"]);
    expect(await emails("?email=%25")).toEqual([]);
    expect(await emails(`?email=${encodeURIComponent("' OR 1=1 --")}`)).toEqual([]);
    const page = await (await s.get("/admin/users?email=ann", { cookie: admin })).text();
    expect(page).toContain("2 accounts match.");
  });
});
