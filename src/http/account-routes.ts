import { SAFE_TEXT_PATTERN } from "../lib/unsafe-characters.ts";
import { Elysia, t } from "elysia";
import type { Config } from "../config.ts";
import type { ChallengeWidgetConfig } from "../web/challenge-widget.ts";
import { accountDepsFrom } from "../accounts/account-deps.ts";
import type { ChallengeVerifier } from "../auth/challenge.ts";
import type { Db } from "../store/database.ts";
import type { Log } from "../log.ts";
import { signUp } from "../accounts/signup.ts";
import { logIn } from "../accounts/login.ts";
import { createUserKey, findUserKey, keysOfUserWithUsage, revokeUserKey } from "../accounts/account-keys.ts";
import { cookieFor, endSessionFromHeaders, sessionFromHeaders, sessionTokenFromHeaders } from "../accounts/browser-session.ts";
import { holdNewKey, takeNewKeys } from "../accounts/key-flash.ts";
import { myScans } from "../accounts/my-scans.ts";
import { pageNumberOf } from "../accounts/paging.ts";
import { findUserById } from "../store/users-repo.ts";
import { checkSameOrigin, publicOrigin } from "../auth/csrf.ts";
import { resolveClientIp } from "../limits/client-ip.ts";
import { clientAddressOf } from "./client-address.ts";
import { challengePageCsp } from "./security-headers.ts";
import { pageResponse, seeOther } from "../web/account/page-response.ts";
import { signupPage } from "../web/account/signup-page.ts";
import { loginPage } from "../web/account/login-page.ts";
import { dashboardPage } from "../web/account/dashboard-page.ts";
import { revokeKeyPage } from "../web/account/revoke-key-page.ts";
import { messagePage } from "../web/account/message-page.ts";
import { myScansPage } from "../web/account/my-scans-page.ts";
import { ACCOUNT_CSS } from "../web/account/account-css.ts";
import { ACCOUNT_STYLESHEET_PATH } from "../web/account/account-layout.ts";
import { parseFormBody, readForm } from "../web/account/form-body.ts";
import { keyIdOf } from "../web/account/key-id.ts";
import { loginAnswer, waitText } from "../web/account/login-answer.ts";
import { html } from "../web/html.ts";
import { answersListPage, answersWatchPage } from "../web/account/answers-page.ts";
import { citedPageVerdicts } from "../reports/page-verdicts.ts";
import { findWatch, watchesOf } from "../store/answer-watches-repo.ts";
import { latestResults } from "../answers/answer-results.ts";
import { DELIVERY_LOG_SHOWN } from "../answers/alerts/alerts-api.ts";
import { alertSettingsOf, deliveriesOfWatch } from "../store/alerts-repo.ts";

/**
 * The account pages: signup, sign-in and sign-out, the API key dashboard and "My scans". Every POST is a
 * form post checked for same-origin first (CSRF) and, once it has done its work, answers 303 to a page
 * (Post/Redirect/Get), so that reloading that page repeats nothing; a refused form comes back as HTML
 * with its errors, having changed nothing. The logic lives in src/accounts/. These are pages for a
 * browser, not API operations, so they are left out of the OpenAPI description, like the other pages.
 */

export interface AccountRoutesDeps {
  config: Pick<Config, "KEY_PREFIX" | "PUBLIC_URL" | "CHALLENGE" | "TURNSTILE_SITE_KEY" | "TRUST_PROXY" | "LIMIT_PER_KEY_PER_HOUR">;
  db: Db;
  log: Log;
  challenge: ChallengeVerifier;
  scanApi: { now: () => number };
}

// Form bodies are checked in the handlers (readForm), so that a bad form gets the form back as HTML.
const Credentials = t.Object({
  email: t.String({ maxLength: 1024, pattern: SAFE_TEXT_PATTERN, title: "Email" }),
  password: t.String({ maxLength: 4096, title: "Password" }),
  challengeToken: t.Optional(t.String({ maxLength: 8192, title: "The verification" })),
});
const KeyName = t.Object({ name: t.String({ maxLength: 1024, pattern: SAFE_TEXT_PATTERN, title: "Key name" }) });

export function accountRoutes(deps: AccountRoutesDeps) {
  const { config } = deps;
  const accounts = accountDepsFrom(deps);
  const publicUrl = config.PUBLIC_URL;
  const origin = publicOrigin(publicUrl);
  const challenge: ChallengeWidgetConfig = { kind: config.CHALLENGE, turnstileSiteKey: config.TURNSTILE_SITE_KEY };
  const challengeCsp = challengePageCsp(config.CHALLENGE);
  const clientIp = (request: Request) => resolveClientIp(clientAddressOf(request), request.headers.get("x-forwarded-for"), config.TRUST_PROXY);
  const signedInUser = async (request: Request) => {
    const session = await sessionFromHeaders(accounts, request.headers, "user", publicUrl);
    const user = session?.userId ? await findUserById(accounts.db, session.userId) : null;
    const sessionToken = user ? sessionTokenFromHeaders(request.headers, "user", publicUrl) : null;
    return user && sessionToken ? { id: user.id, email: user.email, sessionToken } : null;
  };
  // Every POST changes state: it is refused unless it comes from a page of our own origin (CSRF).
  const sameOrigin = ({ request }: { request: Request }) => {
    const verdict = checkSameOrigin(request.headers, origin);
    if (verdict.ok) return;
    accounts.log("warn", "cross-site form post refused", { reason: verdict.reason });
    return pageResponse(crossSite(verdict.message), { status: 403 });
  };
  const dashboard = async (user: { id: number; email: string }, extra: Partial<Parameters<typeof dashboardPage>[0]> = {}) =>
    dashboardPage({
      email: user.email,
      keys: await keysOfUserWithUsage(accounts, user.id, config.LIMIT_PER_KEY_PER_HOUR),
      scans: await myScans(accounts, user.id, 1, DASHBOARD_SCANS),
      publicUrl,
      keyPrefix: accounts.keyPrefix,
      ...extra,
    });

  return new Elysia({ name: "account-routes", detail: { hide: true } })
    .get(ACCOUNT_STYLESHEET_PATH, () => asset(ACCOUNT_CSS, "text/css; charset=utf-8"))
    .get("/account/signup", async ({ request }) =>
      (await signedInUser(request)) ? seeOther("/account") : pageResponse(signupPage({ challenge }), { csp: challengeCsp }),
    )
    .get("/account/login", async ({ request }) =>
      (await signedInUser(request)) ? seeOther("/account") : pageResponse(loginPage({ challenge }), { csp: challengeCsp }),
    )
    .get("/account", async ({ request, query }) => {
      const user = await signedInUser(request);
      if (!user) return seeOther("/account/login");
      // A key created just before the redirect here is shown once: taking it deletes it, so a reload shows the list only.
      const created = await takeNewKeys(accounts, user.sessionToken);
      return pageResponse(await dashboard(user, { created, notice: query.revoked === "1" ? "The key was revoked. Requests that use it are refused from now on." : undefined }));
    })
    .get("/account/scans", async ({ request, query }) => {
      const user = await signedInUser(request);
      if (!user) return seeOther("/account/login");
      return pageResponse(myScansPage({ email: user.email, scans: await myScans(accounts, user.id, pageNumberOf(query.page)) }));
    })
    .get("/account/answers", async ({ request }) => {
      const user = await signedInUser(request);
      if (!user) return seeOther("/account/login");
      return pageResponse(answersListPage(user.email, await watchesOf(deps.db, user.id)));
    })
    .get("/account/answers/:id", async ({ request, params }) => {
      const user = await signedInUser(request);
      if (!user) return seeOther("/account/login");
      const id = keyIdOf(params.id);
      const watch = id === null ? null : await findWatch(deps.db, user.id, id);
      if (!watch) return pageResponse(messagePage({ title: "No such watch", message: "You watch no domain with that number.", next: html`<p><a href="/account/answers">Back to AI answers</a></p>` }), { status: 404 });
      return pageResponse(answersWatchPage(watch, await latestResults(deps.db, watch), await alertSettingsOf(deps.db, watch.id), await deliveriesOfWatch(deps.db, watch.id, DELIVERY_LOG_SHOWN), await citedPageVerdicts(deps.db, watch.domain)));
    })
    .get("/account/keys/:id/revoke", async ({ request, params }) => {
      const user = await signedInUser(request);
      if (!user) return seeOther("/account/login");
      const keyId = keyIdOf(params.id);
      const key = keyId === null ? null : await findUserKey(accounts, user.id, keyId);
      if (!key || key.revokedAt !== null) return pageResponse(noSuchKey(), { status: 404 });
      return pageResponse(revokeKeyPage({ key, action: `/account/keys/${key.id}/revoke`, cancel: "/account" }));
    })
    .get("/account/logout", async ({ request }) => ((await signedInUser(request)) ? seeOther("/account") : seeOther("/account/login")))
    .post("/account/signup", async ({ request, body: raw }) => {
      const form = readForm(Credentials, raw);
      if (!form.ok) {
        const model = { challenge, email: form.typed.email, errors: form.fieldProblems, message: form.problem };
        return pageResponse(signupPage(model), { status: 400, csp: challengeCsp });
      }
      const body = form.value;
      const result = await signUp(accounts, { email: body.email, password: body.password, challengeToken: body.challengeToken, clientIp: clientIp(request) });
      const again = (status: number, model: Omit<Parameters<typeof signupPage>[0], "challenge">, headers: [string, string][] = []) =>
        pageResponse(signupPage({ challenge, email: body.email, ...model }), { status, csp: challengeCsp, headers });
      switch (result.kind) {
        case "invalid":
          return again(422, { errors: result.errors });
        case "challenge-failed":
          return again(403, { message: "Verification failed. Please retry." });
        case "limited":
          return again(429, { message: `Too many signups from your network. Try again in ${waitText(result.retryAfterSeconds)}.` }, [
            ["retry-after", String(result.retryAfterSeconds)],
          ]);
        case "taken":
          return again(409, { errors: { email: "An account with this email already exists. Sign in instead." } });
        case "created":
          return seeOther("/account", [cookieFor("user", publicUrl, result.session, accounts.now())]);
      }
    }, { parse: parseFormBody, beforeHandle: sameOrigin })
    .post("/account/login", async ({ request, body: raw }) => {
      const form = readForm(Credentials, raw);
      if (!form.ok) return pageResponse(loginPage({ challenge, email: form.typed.email, message: form.problem }), { status: 400, csp: challengeCsp });
      const body = form.value;
      const result = await logIn(accounts, { email: body.email, password: body.password, challengeToken: body.challengeToken, clientIp: clientIp(request) });
      return loginAnswer(result, body.email, { variant: "user", challenge, challengeCsp, publicUrl, now: accounts.now() });
    }, { parse: parseFormBody, beforeHandle: sameOrigin })
    .post("/account/logout", async ({ request }) => seeOther("/account/login", [await endSessionFromHeaders(accounts, request.headers, "user", publicUrl)]), {
      beforeHandle: sameOrigin,
    })
    .post("/account/keys", async ({ request, body: raw }) => {
      const user = await signedInUser(request);
      if (!user) return seeOther("/account/login");
      const form = readForm(KeyName, raw);
      if (!form.ok) return pageResponse(await dashboard(user, { error: form.problem, keyName: form.typed.name }), { status: 400 });
      const result = await createUserKey(accounts, user.id, form.value.name);
      if (!result.ok) return pageResponse(await dashboard(user, { error: result.error, keyName: form.value.name }), { status: 422 });
      // Post/Redirect/Get: the key waits, sealed for this session, for the page the browser is sent to, which shows it once.
      // It is never in the redirect, a URL, the list, the log, or the database in plain text.
      await holdNewKey(accounts, user.sessionToken, result.created);
      return seeOther("/account#new-key-heading");
    }, { parse: parseFormBody, beforeHandle: sameOrigin })
    .post("/account/keys/:id/revoke", async ({ request, params }) => {
      const user = await signedInUser(request);
      if (!user) return seeOther("/account/login");
      const keyId = keyIdOf(params.id);
      if (keyId === null || !await revokeUserKey(accounts, user.id, keyId)) return pageResponse(noSuchKey(), { status: 404 });
      return seeOther("/account?revoked=1");
    }, { beforeHandle: sameOrigin });
}

/** How many of the newest scans the dashboard shows; /account/scans pages through all of them. */
const DASHBOARD_SCANS = 5;

function asset(text: string, type: string): Response {
  return new Response(text, { headers: { "content-type": type, "cache-control": "public, max-age=3600" } });
}

function noSuchKey(): string {
  return messagePage({ title: "No such key", message: "There is no active key with that number in your account.", next: html`<p><a href="/account">Back to your keys</a></p>` });
}

export function crossSite(message: string): string {
  return messagePage({
    title: "Request refused",
    message,
    next: html`<p><a href="/account">Go to your account</a></p>`,
  });
}
