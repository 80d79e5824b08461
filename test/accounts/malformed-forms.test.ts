/**
 * A browser form always gets a page back: a post with a missing, oversized or non-text field, or a
 * body that is not a form at all, answers 400 with the same form as HTML, a message naming the
 * field, and what was typed kept, on every account and admin form. Mangled key numbers in revoke
 * addresses answer the "No such key" page.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { GOOD_PASSWORD, ORIGIN, challengeToken, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

async function expectFormPage(response: Response, status: number, texts: string[]): Promise<string> {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toStartWith("text/html");
  const page = await response.text();
  expect(page).toStartWith("<!doctype html>");
  for (const text of texts) expect(page).toContain(text);
  return page;
}

/** A same-origin post whose body is not url-encoded (JSON, plain text, or multipart with a file). */
function postRaw(s: AccountsService, path: string, body: BodyInit, contentType: string | null, cookie?: string): Promise<Response> {
  const headers: Record<string, string> = { origin: ORIGIN, "sec-fetch-site": "same-origin" };
  if (contentType) headers["content-type"] = contentType;
  if (cookie) headers.cookie = cookie;
  return s.request(path, { method: "POST", headers, body, redirect: "manual" });
}

describe("malformed form posts answer HTML", () => {
  test("signup: missing and oversized fields re-render the form (400), keep the email, and name the field", async () => {
    const s = (service = await startAccounts());
    const missing = await s.post("/account/signup", { email: "ann@example.com", challengeToken: challengeToken() });
    const page = await expectFormPage(missing, 400, ["Create an account", "Password is missing.", 'value="ann@example.com"', 'aria-invalid="true"']);
    expect(page).toContain('<form class="form card" method="post" action="/account/signup">');

    const oversized = await s.post("/account/signup", { email: `${"a".repeat(2000)}@example.com`, password: GOOD_PASSWORD, challengeToken: challengeToken() });
    const second = await expectFormPage(oversized, 400, ["Email is too long."]);
    expect(second).not.toContain("a".repeat(2000));

    const hugeToken = await s.post("/account/signup", { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: "x".repeat(9000) });
    await expectFormPage(hugeToken, 400, ["The verification is too long."]);
    // Nothing was created by the refused posts.
    expect((await s.post("/account/login", { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() })).status).toBe(401);
  });

  test("bodies that are not url-encoded forms get the form back too, never JSON", async () => {
    const s = (service = await startAccounts());
    const asJson = await postRaw(s, "/account/login", '{"email":', "application/json");
    await expectFormPage(asJson, 400, ["Sign in", "Email is missing.", "Password is missing."]);
    const asText = await postRaw(s, "/account/signup", "email=ann@example.com", "text/plain");
    await expectFormPage(asText, 400, ["Create an account", "Email is missing."]);
    const noType = await postRaw(s, "/account/login", "", null);
    await expectFormPage(noType, 400, ["Sign in", "Email is missing."]);

    const multipart = new FormData();
    multipart.set("email", "ann@example.com");
    multipart.set("password", new Blob(["not text"]), "password.txt");
    const withFile = await postRaw(s, "/account/login", multipart, null);
    await expectFormPage(withFile, 400, ["Password must be text.", 'value="ann@example.com"']);

    // A well-formed multipart form is read like a url-encoded one.
    const good = new FormData();
    good.set("email", "ann@example.com");
    good.set("password", GOOD_PASSWORD);
    good.set("challengeToken", challengeToken());
    expect((await postRaw(s, "/account/signup", good, null)).status).toBe(303);
  });

  test("sign-in: a missing password gets the sign-in form (400), with the email kept", async () => {
    const s = (service = await startAccounts());
    const response = await s.post("/account/login", { email: "ann@example.com" });
    await expectFormPage(response, 400, ["Sign in", "Password is missing.", 'value="ann@example.com"', "Please fill it in and send it again."]);
  });

  test("the key form: a missing or oversized name gets the dashboard back (400) with the message in the form", async () => {
    const s = (service = await startAccounts());
    const cookie = await s.signUp("ann@example.com");
    await expectFormPage(await s.post("/account/keys", {}, { cookie }), 400, ["Your API keys", "Key name is missing."]);
    await expectFormPage(await s.post("/account/keys", { name: "n".repeat(5000) }, { cookie }), 400, ["Key name is too long."]);
    // Signed out, the same post still goes to the sign-in page, not to a form error.
    const signedOut = await s.post("/account/keys", {});
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get("location")).toBe("/account/login");
  });

  test("mangled key numbers in revoke addresses answer the HTML 'No such key' page", async () => {
    const s = (service = await startAccounts(ADMIN));
    const cookie = await s.signUp("ann@example.com");
    for (const id of ["abc", "0", "-1", "1.5", "99999999999999999999"]) {
      await expectFormPage(await s.get(`/account/keys/${id}/revoke`, { cookie }), 404, ["No such key"]);
      await expectFormPage(await s.post(`/account/keys/${id}/revoke`, {}, { cookie }), 404, ["No such key"]);
    }
    const admin = (await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() })).headers.getSetCookie()[0]!.split(";")[0]!;
    await expectFormPage(await s.get("/admin/keys/abc/revoke", { cookie: admin }), 404, ["No such key"]);
    await expectFormPage(await s.post("/admin/keys/abc/revoke", {}, { cookie: admin }), 404, ["No such key"]);
  });

  test("admin sign-in: missing and oversized fields get the admin form back (400)", async () => {
    const s = (service = await startAccounts(ADMIN));
    await expectFormPage(await s.post("/admin/login", { email: "admin@example.com" }), 400, ["Admin sign-in", "Password is missing.", 'value="admin@example.com"']);
    await expectFormPage(await s.post("/admin/login", { email: "admin@example.com", password: "p".repeat(5000) }), 400, ["Admin sign-in", "Password is too long."]);
    await expectFormPage(await postRaw(s, "/admin/login", "{}", "application/json"), 400, ["Admin sign-in", "Email is missing."]);
  });

  test("a malformed cross-site post is still refused as cross-site (403), before the form is looked at", async () => {
    const s = (service = await startAccounts());
    const response = await s.post("/account/signup", {}, { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    await expectFormPage(response, 403, ["Request refused"]);
  });
});
