/** Signup, sign-in, sign-out, throttling, CSRF and session expiry through the whole app, in process. */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { GOOD_PASSWORD, ORIGIN, challengeToken, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

let service: AccountsService | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

async function start(env: Record<string, string> = {}) {
  service = await startAccounts(env);
  return service;
}

const DAY = 86_400_000;

describe("signup", () => {
  test("the page has labelled fields, the challenge widget, and says there is no verification or reset", async () => {
    const s = await start();
    const response = await s.get("/account/signup");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'self'");
    const page = await response.text();
    expect(page).toContain('<label for="email">');
    expect(page).toContain('<label for="password">');
    expect(page).toContain('autocomplete="new-password"');
    expect(page).toContain("cf-turnstile");
    expect(page).toContain("no email verification and no password reset");
  });

  test("a new account is signed in at once with a HttpOnly, SameSite=Lax session cookie (http: no Secure)", async () => {
    const s = await start();
    const response = await s.post("/account/signup", { email: "  Ann@Example.COM ", password: GOOD_PASSWORD, challengeToken: challengeToken() });
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/account");
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^sightline_session=[a-z2-7]{32}; Path=\/; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    const dashboard = await s.get("/account", { cookie: sessionCookieOf(response)! });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Signed in as ann@example.com");
  });

  test("with an https PUBLIC_URL the cookie is Secure with the __Host- prefix", async () => {
    const s = await start({ PUBLIC_URL: "https://scan.example.com" });
    const response = await s.post(
      "/account/signup",
      { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() },
      { headers: { origin: "https://scan.example.com" } },
    );
    expect(response.status).toBe(303);
    const [cookie] = response.headers.getSetCookie();
    expect(cookie).toMatch(/^__Host-sightline_session=[a-z2-7]{32}; Path=\/; Max-Age=\d+; HttpOnly; SameSite=Lax; Secure$/);
    // The plain name is not accepted on an https service.
    const plain = sessionCookieOf(response)!.replace("__Host-", "");
    expect((await s.get("/account", { cookie: plain })).status).toBe(303);
    expect((await s.get("/account", { cookie: sessionCookieOf(response)! })).status).toBe(200);
  });

  test("a duplicate email is refused with a clear message, whatever its case", async () => {
    const s = await start();
    await s.signUp("ann@example.com");
    const response = await s.post("/account/signup", { email: "ANN@example.com", password: "another long passphrase", challengeToken: challengeToken() });
    expect(response.status).toBe(409);
    expect(response.headers.getSetCookie()).toEqual([]);
    expect(await response.text()).toContain("An account with this email already exists");
  });

  test("short and common passwords and bad emails are refused; the form keeps the email but never the password", async () => {
    const s = await start();
    const short = await s.post("/account/signup", { email: "bob@example.com", password: "tooshort", challengeToken: challengeToken() });
    expect(short.status).toBe(422);
    const shortPage = await short.text();
    expect(shortPage).toContain("at least 12 characters");
    expect(shortPage).toContain('value="bob@example.com"');
    expect(shortPage).not.toContain("tooshort");
    expect(shortPage).toContain('aria-invalid="true"');

    const common = await s.post("/account/signup", { email: "bob@example.com", password: "Password1234", challengeToken: challengeToken() });
    expect(common.status).toBe(422);
    const commonPage = await common.text();
    expect(commonPage).toContain("most commonly used");
    expect(commonPage).not.toContain("Password1234");

    // Twelve spaces count as twelve characters, but are no password (issue 28).
    const spaces = await s.post("/account/signup", { email: "bob@example.com", password: " ".repeat(12), challengeToken: challengeToken() });
    expect(spaces.status).toBe(422);
    expect(await spaces.text()).toContain("only spaces");

    const email = await s.post("/account/signup", { email: "bob@", password: GOOD_PASSWORD, challengeToken: challengeToken() });
    expect(email.status).toBe(422);
    expect(await email.text()).toContain("Enter an email address such as");
  });

  test("typed values are escaped when shown again", async () => {
    const s = await start();
    const response = await s.post("/account/signup", { email: '"><script>alert(1)</script>', password: "x", challengeToken: challengeToken() });
    const page = await response.text();
    expect(page).not.toContain("<script>alert(1)</script>");
    expect(page).toContain("&quot;&gt;&lt;script&gt;");
  });

  test("without a solved challenge the signup is refused", async () => {
    const s = await start();
    const missing = await s.post("/account/signup", { email: "bob@example.com", password: GOOD_PASSWORD });
    expect(missing.status).toBe(403);
    expect(await missing.text()).toContain("Verification failed. Please retry.");
    const wrong = await s.post("/account/signup", { email: "bob@example.com", password: GOOD_PASSWORD, challengeToken: "bad" });
    expect(wrong.status).toBe(403);
  });

  test("signups are rate-limited per IP (429 with Retry-After); another IP still gets through", async () => {
    const s = await start();
    for (let index = 0; index < 10; index++) await s.signUp(`user${index}@example.com`, GOOD_PASSWORD, "192.0.2.10");
    const refused = await s.post(
      "/account/signup",
      { email: "user10@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() },
      { client: "192.0.2.10" },
    );
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many signups");
    await s.signUp("user10@example.com", GOOD_PASSWORD, "192.0.2.11");
    s.clock.now += 3601_000;
    await s.signUp("user11@example.com", GOOD_PASSWORD, "192.0.2.10");
  });
});

describe("sign-in and sign-out", () => {
  test("a wrong password and an unknown email get the same generic answer", async () => {
    const s = await start();
    await s.signUp("ann@example.com");
    const wrong = await s.post("/account/login", { email: "ann@example.com", password: "wrong password here", challengeToken: challengeToken() });
    const unknown = await s.post("/account/login", { email: "nobody@example.com", password: "wrong password here", challengeToken: challengeToken() });
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401);
      expect(response.headers.getSetCookie()).toEqual([]);
      const page = await response.text();
      expect(page).toContain("Invalid email or password.");
      expect(page).not.toContain("wrong password here");
    }
  });

  test("signing in issues a new token; signing out deletes the session", async () => {
    const s = await start();
    const first = await s.signUp("ann@example.com");
    const login = await s.post("/account/login", { email: "ANN@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() });
    expect(login.status).toBe(303);
    const second = sessionCookieOf(login)!;
    expect(second).not.toBe(first);
    expect((await s.get("/account", { cookie: second })).status).toBe(200);

    const logout = await s.post("/account/logout", {}, { cookie: second });
    expect(logout.status).toBe(303);
    expect(logout.headers.getSetCookie()[0]).toStartWith("sightline_session=; Path=/; Max-Age=0");
    const after = await s.get("/account", { cookie: second });
    expect(after.status).toBe(303);
    expect(after.headers.get("location")).toBe("/account/login");
    // The other session is untouched.
    expect((await s.get("/account", { cookie: first })).status).toBe(200);
  });

  test("failed sign-ins lock the account with growing delays: 429 with Retry-After, then open again", async () => {
    const s = await start();
    await s.signUp("ann@example.com");
    const attempt = (password: string, client?: string) =>
      s.post("/account/login", { email: "ann@example.com", password, challengeToken: challengeToken() }, { client });
    for (let index = 0; index < 4; index++) expect((await attempt("wrong password here")).status).toBe(401);
    const fifth = await attempt("wrong password here");
    expect(fifth.status).toBe(401);
    expect(await fifth.text()).toContain("Wait 1 second");
    // Locked: even the right password (from another IP) is refused until the delay is over.
    const locked = await attempt(GOOD_PASSWORD, "203.0.113.9");
    expect(locked.status).toBe(429);
    expect(locked.headers.get("retry-after")).toBe("1");
    expect(await locked.text()).toContain("Too many failed sign-ins");

    s.clock.now += 1000;
    expect((await attempt("wrong password here")).status).toBe(401);
    const doubled = await attempt(GOOD_PASSWORD);
    expect(doubled.status).toBe(429);
    expect(doubled.headers.get("retry-after")).toBe("2");

    s.clock.now += 2000;
    expect((await attempt(GOOD_PASSWORD)).status).toBe(303);
    // Success clears the account's count: one more failure does not lock again.
    expect((await attempt("wrong password here")).status).toBe(401);
    expect((await attempt(GOOD_PASSWORD)).status).toBe(303);
  });

  test("one IP failing across many accounts is throttled too", async () => {
    const s = await start();
    const client = "192.0.2.77";
    for (let index = 0; index < 19; index++) {
      const response = await s.post("/account/login", { email: `guess${index}@example.com`, password: "wrong password here", challengeToken: challengeToken() }, { client });
      expect(response.status).toBe(401);
    }
    expect((await s.post("/account/login", { email: "guess19@example.com", password: "wrong password here", challengeToken: challengeToken() }, { client })).status).toBe(401);
    const locked = await s.post("/account/login", { email: "fresh@example.com", password: "wrong password here", challengeToken: challengeToken() }, { client });
    expect(locked.status).toBe(429);
    const elsewhere = await s.post("/account/login", { email: "fresh@example.com", password: "wrong password here", challengeToken: challengeToken() });
    expect(elsewhere.status).toBe(401);
  });

  test("sign-in needs a solved challenge too", async () => {
    const s = await start();
    await s.signUp("ann@example.com");
    const response = await s.post("/account/login", { email: "ann@example.com", password: GOOD_PASSWORD });
    expect(response.status).toBe(403);
  });
});

describe("cross-site requests", () => {
  test("a POST from another origin, a cross-site fetch, or one without Origin is refused with 403 and changes nothing", async () => {
    const s = await start();
    const cookie = await s.signUp("ann@example.com");
    const attempts: Record<string, string>[] = [
      { origin: "http://evil.test", "sec-fetch-site": "cross-site" },
      { origin: "http://evil.test", "sec-fetch-site": "" },
      { origin: ORIGIN, "sec-fetch-site": "cross-site" },
      { origin: ORIGIN, "sec-fetch-site": "same-site" },
      { origin: "null", "sec-fetch-site": "same-origin" },
    ];
    for (const headers of attempts) {
      const created = await s.post("/account/keys", { name: "planted" }, { cookie, headers });
      expect(created.status).toBe(403);
      expect(await created.text()).toContain("sent from another site");
    }
    const noOrigin = await s.request("/account/keys", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie },
      body: "name=planted",
    });
    expect(noOrigin.status).toBe(403);
    const signup = await s.post("/account/signup", { email: "eve@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() }, { headers: { origin: "http://evil.test" } });
    expect(signup.status).toBe(403);
    const logout = await s.post("/account/logout", {}, { cookie, headers: { origin: "http://evil.test" } });
    expect(logout.status).toBe(403);

    const page = await (await s.get("/account", { cookie })).text();
    expect(page).not.toContain("planted");
    expect(page).toContain("No keys yet.");
  });

  test("the API ignores session cookies: only a bearer key counts", async () => {
    const s = await start();
    const cookie = await s.signUp("ann@example.com");
    const response = await s.request("/api/scan", {
      method: "POST",
      headers: { "content-type": "application/json", cookie, origin: ORIGIN },
      body: JSON.stringify({ url: "example.test" }),
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ error: "Verification failed. Please retry." });
  });
});

describe("session expiry and tampering", () => {
  test("a session ends after 7 idle days", async () => {
    const s = await start();
    const cookie = await s.signUp("ann@example.com");
    s.clock.now += 6 * DAY;
    expect((await s.get("/account", { cookie })).status).toBe(200);
    s.clock.now += 6 * DAY;
    expect((await s.get("/account", { cookie })).status).toBe(200);
    s.clock.now += 7 * DAY + 1;
    expect((await s.get("/account", { cookie })).status).toBe(303);
  });

  test("a session ends 30 days after sign-in however busy it is", async () => {
    const s = await start();
    const cookie = await s.signUp("ann@example.com");
    for (let day = 5; day < 30; day += 5) {
      s.clock.now += 5 * DAY;
      expect((await s.get("/account", { cookie })).status).toBe(200);
    }
    s.clock.now += 5 * DAY;
    expect((await s.get("/account", { cookie })).status).toBe(303);
  });

  test("a tampered or made-up cookie is not a session", async () => {
    const s = await start();
    const cookie = await s.signUp("ann@example.com");
    const [name, token] = cookie.split("=") as [string, string];
    const flipped = `${name}=${token.slice(0, -1)}${token.endsWith("a") ? "b" : "a"}`;
    for (const bad of [flipped, `${name}=${"a".repeat(32)}`, `${name}=' OR 1=1 --`, `${name}=`]) {
      const response = await s.get("/account", { cookie: bad });
      expect(response.status).toBe(303);
      expect(response.headers.get("location")).toBe("/account/login");
    }
  });
});
