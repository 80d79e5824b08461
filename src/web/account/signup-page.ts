import { challengeWidget, type ChallengeWidgetConfig } from "../challenge-widget.ts";
import { html } from "../html.ts";
import { errorSummary, field, formMessage, renderAccountPage } from "./account-layout.ts";

export interface SignupPageModel {
  challenge: ChallengeWidgetConfig;
  /** What the person typed, shown again on error (never the password). */
  email?: string;
  errors?: { email?: string; password?: string };
  message?: string;
}

export function signupPage(model: SignupPageModel): string {
  const body = html`<section class="account-narrow">
<h1>Create an account</h1>
<p class="lead">A free account gives you API keys, so that scripts and pipelines can call <code>POST /api/scan</code> without the browser check.</p>
<div class="notice info"><p>There is no email verification and no password reset. Keep your password somewhere safe, such as a password manager; if you lose it, create a new account.</p></div>
${model.message ? formMessage(model.message) : errorSummary(fieldErrors(model.errors))}
<form class="form card" method="post" action="/account/signup">
${field({ id: "email", label: "Email", type: "email", value: model.email ?? "", error: model.errors?.email, autocomplete: "email", maxlength: 254 })}
${field({
  id: "password",
  label: "Password",
  type: "password",
  error: model.errors?.password,
  hint: "At least 12 characters. A few unrelated words are easy to remember and hard to guess.",
  autocomplete: "new-password",
  minlength: 12,
  maxlength: 256,
})}
${challengeWidget(model.challenge)}
<div class="actions"><button class="button" type="submit">Create account</button></div>
</form>
<p>Already have an account? <a href="/account/login">Sign in</a>.</p>
</section>`;
  return renderAccountPage({ title: "Create an account", body, challenge: model.challenge });
}

function fieldErrors(errors: SignupPageModel["errors"]): { id: string; message: string }[] {
  return (["email", "password"] as const).flatMap((id) => (errors?.[id] ? [{ id, message: errors[id] }] : []));
}
