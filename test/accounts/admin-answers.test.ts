/**
 * The admin grants an account a monthly budget for AI answers: signed-in admins only, same-origin
 * posts only, bad amounts and unknown accounts refused with the form back, every value escaped.
 */
import { afterAll, afterEach, expect, test } from "bun:test";
import { budgetOf } from "../../src/store/answer-runs-repo.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { challengeToken, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };
let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

async function adminCookie(s: AccountsService): Promise<string> {
  const response = await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() });
  expect(response.status).toBe(303);
  return sessionCookieOf(response)!;
}

test("an admin grants, changes and refuses budgets; accounts start with none", async () => {
  const s = (service = await startAccounts({ ...ADMIN, ANSWERS_MONTHLY_LIMIT_USD: "150" }));
  // An address signup would refuse, stored as if it had got in: the page must still escape it.
  const userId = (await insertUser(s.runtime.db, { email: "<b>owner</b>@example.com", passwordHash: "x", createdAt: 0 }))!;
  expect(await budgetOf(s.runtime.db, userId)).toBe(0);

  expect((await s.get("/admin/answers")).status).toBe(303);
  expect((await s.post("/admin/answers/budget", { email: "<b>owner</b>@example.com", usd: "5" })).status).toBe(303);
  expect(await budgetOf(s.runtime.db, userId)).toBe(0);

  const cookie = await adminCookie(s);
  const page = await (await s.get("/admin/answers", { cookie })).text();
  expect(page).toContain("No account has a budget yet.");
  expect(page).toContain("at most $150.00 a month");

  const granted = await s.post("/admin/answers/budget", { email: " <B>owner</B>@example.com ", usd: "12.50" }, { cookie });
  expect(granted.status).toBe(303);
  expect(await budgetOf(s.runtime.db, userId)).toBe(12_500_000);
  const listed = await (await s.get(granted.headers.get("location")!, { cookie })).text();
  expect(listed).toContain("&lt;b&gt;owner&lt;/b&gt;@example.com");
  expect(listed).not.toContain("<b>owner</b>");
  expect(listed).toContain("$12.50");

  for (const [fields, message] of [
    [{ email: "nobody@example.com", usd: "5" }, "There is no account with that email."],
    [{ email: "<b>owner</b>@example.com", usd: "-1" }, "US dollars from 0 to 100000"],
    [{ email: "<b>owner</b>@example.com", usd: "1e3" }, "US dollars from 0 to 100000"],
    [{ email: "<b>owner</b>@example.com", usd: "100001" }, "US dollars from 0 to 100000"],
  ] as const) {
    const refused = await s.post("/admin/answers/budget", fields, { cookie });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(message);
  }
  expect(await budgetOf(s.runtime.db, userId)).toBe(12_500_000);

  // A post from another site is refused before anything changes.
  const crossSite = await s.post("/admin/answers/budget", { email: "<b>owner</b>@example.com", usd: "0" }, { cookie, headers: { origin: "https://evil.example" } });
  expect(crossSite.status).toBe(403);
  expect(await budgetOf(s.runtime.db, userId)).toBe(12_500_000);
});
