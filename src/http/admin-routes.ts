import { SAFE_TEXT_PATTERN } from "../lib/unsafe-characters.ts";
import { Elysia, t } from "elysia";
import { adminAnswersView, grantBudget } from "../answers/admin-budgets.ts";
import { adminAnswersPage } from "../web/admin/admin-answers-page.ts";
import type { Config } from "../config.ts";
import type { ChallengeWidgetConfig } from "../web/challenge-widget.ts";
import { accountDepsFrom } from "../accounts/account-deps.ts";
import type { ChallengeVerifier } from "../auth/challenge.ts";
import type { Db } from "../store/database.ts";
import type { Log } from "../log.ts";
import { adminCredentialsFrom, logInAdmin } from "../accounts/admin-login.ts";
import { adminOverview, clearBucketAsAdmin, findAnyKey, revokeAnyKey } from "../accounts/admin-overview.ts";
import { bucketOf } from "../limits/limit-buckets.ts";
import { scanList, userList } from "../accounts/admin-lists.ts";
import { endSessionFromHeaders, sessionFromHeaders } from "../accounts/browser-session.ts";
import { checkSameOrigin, publicOrigin } from "../auth/csrf.ts";
import { resolveClientIp } from "../limits/client-ip.ts";
import { clientAddressOf } from "./client-address.ts";
import { challengePageCsp } from "./security-headers.ts";
import { crossSite } from "./account-routes.ts";
import { loginAnswer } from "../web/account/login-answer.ts";
import { pageResponse, seeOther } from "../web/account/page-response.ts";
import { loginPage } from "../web/account/login-page.ts";
import { messagePage } from "../web/account/message-page.ts";
import { revokeKeyPage } from "../web/account/revoke-key-page.ts";
import { adminPage } from "../web/admin/admin-page.ts";
import { adminScansPage } from "../web/admin/admin-scans-page.ts";
import { adminUsersPage } from "../web/admin/admin-users-page.ts";
import { parseFormBody, readForm } from "../web/account/form-body.ts";
import { keyIdOf } from "../web/account/key-id.ts";
import { html } from "../web/html.ts";

/**
 * The admin area, for the account configured by ADMIN_EMAIL / ADMIN_PASSWORD. Without them every
 * /admin page answers 404 saying that the admin login is disabled. Sessions are short (see
 * session-policy.ts) and every POST is checked for same-origin first and answers 303 once it has
 * done its work (Post/Redirect/Get). Pages for a browser, so left out of the OpenAPI description.
 */

export interface AdminRoutesDeps {
  config: Pick<Config, "KEY_PREFIX" | "PUBLIC_URL" | "CHALLENGE" | "TURNSTILE_SITE_KEY" | "TRUST_PROXY" | "ADMIN_EMAIL" | "ADMIN_PASSWORD" | "ANSWERS_MONTHLY_LIMIT_USD">;
  db: Db;
  log: Log;
  challenge: ChallengeVerifier;
  scanApi: { now: () => number };
}

// Checked in the handler (readForm), so that a bad form gets the form back as HTML.
const Credentials = t.Object({
  email: t.String({ maxLength: 1024, pattern: SAFE_TEXT_PATTERN, title: "Email" }),
  password: t.String({ maxLength: 4096, title: "Password" }),
  challengeToken: t.Optional(t.String({ maxLength: 8192, title: "The verification" })),
});

const ClearBucket = t.Object({ bucket: t.String({ maxLength: 300, title: "The limit" }) });

const BudgetForm = t.Object({
  email: t.String({ maxLength: 1024, title: "Account email" }),
  usd: t.String({ maxLength: 32, title: "Monthly budget" }),
});

export function adminRoutes(deps: AdminRoutesDeps) {
  const { config } = deps;
  const accounts = accountDepsFrom(deps);
  const publicUrl = config.PUBLIC_URL;
  const origin = publicOrigin(publicUrl);
  const admin = adminCredentialsFrom(config.ADMIN_EMAIL, config.ADMIN_PASSWORD, accounts);
  const challenge: ChallengeWidgetConfig = { kind: config.CHALLENGE, turnstileSiteKey: config.TURNSTILE_SITE_KEY };
  const challengeCsp = challengePageCsp(config.CHALLENGE);
  const clientIp = (request: Request) => resolveClientIp(clientAddressOf(request), request.headers.get("x-forwarded-for"), config.TRUST_PROXY);
  // Sessions opened under other admin credentials are not found (admin-session-binding.ts).
  const signedIn = async (request: Request) => admin !== null && (await sessionFromHeaders(accounts, request.headers, "admin", publicUrl, await admin.sessionBinding)) !== null;

  // Without a configured admin, every admin page is a 404 that says so.
  const enabled = () => (admin ? undefined : pageResponse(disabled(), { status: 404 }));
  // Every POST changes state: it is refused unless it comes from a page of our own origin (CSRF).
  const enabledAndSameOrigin = ({ request }: { request: Request }) => {
    if (!admin) return pageResponse(disabled(), { status: 404 });
    const verdict = checkSameOrigin(request.headers, origin);
    if (verdict.ok) return;
    accounts.log("warn", "cross-site form post refused", { reason: verdict.reason });
    return pageResponse(crossSite(verdict.message), { status: 403 });
  };

  return new Elysia({ name: "admin-routes", detail: { hide: true } })
    .get("/admin/login", async ({ request }) => ((await signedIn(request)) ? seeOther("/admin") : pageResponse(loginPage({ challenge, variant: "admin" }), { csp: challengeCsp })), {
      beforeHandle: enabled,
    })
    .get("/admin", async ({ request, query }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const notice = query.revoked === "1" ? "The key was revoked." : query.cleared !== undefined ? `The limit ${query.cleared} was cleared: it starts afresh.` : undefined;
      return pageResponse(adminPage(await adminOverview(accounts), { notice }));
    }, { beforeHandle: enabled })
    .get("/admin/scans", async ({ request, query }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const list = await scanList(accounts, query);
      return pageResponse(adminScansPage(list), { status: list.refused === null ? 200 : 400 });
    }, {
      beforeHandle: enabled,
    })
    .get("/admin/users", async ({ request, query }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const list = await userList(accounts, query);
      return pageResponse(adminUsersPage(list), { status: list.refused === null ? 200 : 400 });
    }, {
      beforeHandle: enabled,
    })
    .get("/admin/keys/:id/revoke", async ({ request, params }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const keyId = keyIdOf(params.id);
      const key = keyId === null ? null : await findAnyKey(accounts, keyId);
      if (!key || key.revokedAt !== null) return pageResponse(noSuchKey(), { status: 404 });
      return pageResponse(revokeKeyPage({ key, owner: key.userEmail, action: `/admin/keys/${key.id}/revoke`, cancel: "/admin#users" }));
    }, { beforeHandle: enabled })
    .post("/admin/login", async ({ request, body: raw }) => {
      const form = readForm(Credentials, raw);
      if (!form.ok) return pageResponse(loginPage({ challenge, variant: "admin", email: form.typed.email, message: form.problem }), { status: 400, csp: challengeCsp });
      const body = form.value;
      const result = await logInAdmin(accounts, admin!, { email: body.email, password: body.password, challengeToken: body.challengeToken, clientIp: clientIp(request) });
      return loginAnswer(result, body.email, { variant: "admin", challenge, challengeCsp, publicUrl, now: accounts.now() });
    }, { parse: parseFormBody, beforeHandle: enabledAndSameOrigin })
    .get("/admin/answers", async ({ request, query }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const view = await adminAnswersView(deps.db, config.ANSWERS_MONTHLY_LIMIT_USD ?? null, accounts.now());
      return pageResponse(adminAnswersPage(view, query.set ? { text: `The budget of ${query.set} is set.`, tone: "info" } : undefined));
    }, { beforeHandle: enabled })
    .post("/admin/answers/budget", async ({ request, body: raw }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const form = readForm(BudgetForm, raw);
      const typed = form.ok ? form.value : { email: form.typed.email, usd: form.typed.usd };
      const granted = form.ok ? await grantBudget(deps.db, form.value.email, form.value.usd, accounts.now()) : { ok: false as const, error: form.problem };
      if (granted.ok) return seeOther(`/admin/answers?set=${encodeURIComponent(granted.email)}`);
      const view = await adminAnswersView(deps.db, config.ANSWERS_MONTHLY_LIMIT_USD ?? null, accounts.now());
      return pageResponse(adminAnswersPage(view, { text: granted.error, tone: "error" }, typed), { status: 400 });
    }, { parse: parseFormBody, beforeHandle: enabledAndSameOrigin })
    .post("/admin/logout", async ({ request }) => seeOther("/admin/login", [await endSessionFromHeaders(accounts, request.headers, "admin", publicUrl, await admin!.sessionBinding)]), {
      beforeHandle: enabledAndSameOrigin,
    })
    .post("/admin/limits/clear", async ({ request, body: raw }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const form = readForm(ClearBucket, raw);
      const named = form.ok ? bucketOf(form.value.bucket) : { ok: false as const, error: form.problem };
      if (!named.ok) return pageResponse(messagePage({ title: "No such limit", message: named.error, next: html`<p><a href="/admin#refusals">Back to the admin page</a></p>` }), { status: 400 });
      await clearBucketAsAdmin(accounts, named.bucket);
      return seeOther(`/admin?cleared=${encodeURIComponent(named.bucket)}#refusals`);
    }, { parse: parseFormBody, beforeHandle: enabledAndSameOrigin })
    .post("/admin/keys/:id/revoke", async ({ request, params }) => {
      if (!(await signedIn(request))) return seeOther("/admin/login");
      const keyId = keyIdOf(params.id);
      if (keyId === null || !await revokeAnyKey(accounts, keyId)) return pageResponse(noSuchKey(), { status: 404 });
      return seeOther("/admin?revoked=1#users");
    }, { beforeHandle: enabledAndSameOrigin });
}

function disabled(): string {
  return messagePage({
    title: "Admin login is disabled",
    message: "This server has no admin account. The operator enables it by setting ADMIN_EMAIL and ADMIN_PASSWORD.",
    next: html`<p><a href="/">Back to the start page</a></p>`,
  });
}

function noSuchKey(): string {
  return messagePage({ title: "No such key", message: "There is no active key with that number.", next: html`<p><a href="/admin#users">Back to the admin page</a></p>` });
}
