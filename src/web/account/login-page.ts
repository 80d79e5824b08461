import { challengeWidget, type ChallengeWidgetConfig } from "../challenge-widget.ts";
import { html } from "../html.ts";
import { field, formMessage, renderAccountPage } from "./account-layout.ts";

export interface LoginPageModel {
  challenge: ChallengeWidgetConfig;
  email?: string;
  message?: string;
  notice?: string;
  /** The admin sign-in uses the same form at another address. */
  variant?: "user" | "admin";
}

export function loginPage(model: LoginPageModel): string {
  const admin = model.variant === "admin";
  const title = admin ? "Admin sign-in" : "Sign in";
  const body = html`<section class="account-narrow">
<h1>${title}</h1>
${admin ? html`<p class="lead">For the operator of this service.</p>` : html`<p class="lead">Sign in to manage your API keys.</p>`}
${formMessage(model.notice, "info")}
${formMessage(model.message)}
<form class="form card" method="post" action="${admin ? "/admin/login" : "/account/login"}" data-forget-post>
${field({ id: "email", label: "Email", type: "email", value: model.email ?? "", autocomplete: admin ? "username" : "email", maxlength: 254 })}
${field({ id: "password", label: "Password", type: "password", autocomplete: "current-password", maxlength: 256 })}
${challengeWidget(model.challenge)}
<div class="actions"><button class="button" type="submit">Sign in</button></div>
</form>
${admin ? "" : html`<p>No account yet? <a href="/account/signup">Create one</a>. There is no password reset: if you lost your password, create a new account.</p>`}
</section>`;
  return renderAccountPage({ title, body, challenge: model.challenge });
}
