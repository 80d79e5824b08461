import { challengeAssets, type ChallengeWidgetConfig } from "../challenge-widget.ts";
import { html, type SafeHtml } from "../html.ts";
import { renderPage } from "../layout.ts";
import { SITE_SCRIPT_PATH } from "../page-shell.ts";

/**
 * The shell of the account and admin pages: the site layout plus the account stylesheet, the site
 * script (copy buttons, and the ALTCHA widget's proof-of-work worker from our own origin), and the
 * challenge widget's assets on pages with a challenge. Nothing here is worth indexing.
 */

export const ACCOUNT_STYLESHEET_PATH = "/assets/account.css";

export interface AccountPageOptions {
  title: string;
  body: SafeHtml;
  /** Set on pages whose form carries the browser challenge. */
  challenge?: ChallengeWidgetConfig;
}

export function renderAccountPage(options: AccountPageOptions): string {
  const assets = options.challenge ? challengeAssets(options.challenge) : undefined;
  return renderPage({
    title: `${options.title} · sightline`,
    head: html`<meta name="robots" content="noindex">
<link rel="stylesheet" href="${ACCOUNT_STYLESHEET_PATH}">
${assets?.head ?? ""}`,
    body: options.body,
    modules: assets?.modules,
    scripts: [SITE_SCRIPT_PATH],
  });
}

/** A form-level message (role="alert" so screen readers announce it when the page loads). */
export function formMessage(message: string | undefined, tone: "error" | "info" = "error"): SafeHtml | "" {
  if (!message) return "";
  return html`<div class="notice ${tone}" role="${tone === "error" ? "alert" : "status"}"><p>${message}</p></div>`;
}

/**
 * The list of a form's field errors at its top, each linking to its field (role="alert", so screen
 * readers announce it when the page loads); nothing when there are none.
 */
export function errorSummary(errors: readonly { id: string; message: string }[]): SafeHtml | "" {
  if (errors.length === 0) return "";
  return html`<div class="notice error error-summary" role="alert">
<p><strong>${errors.length === 1 ? "Please correct this:" : "Please correct these:"}</strong></p>
<ul>${errors.map((error) => html`<li><a href="#${error.id}">${error.message}</a></li>`)}</ul>
</div>`;
}

/** One labelled input with its hint and error, wired with aria-describedby and aria-invalid. */
export function field(options: {
  id: string;
  label: string;
  type: "email" | "password" | "text";
  value?: string;
  error?: string;
  hint?: string;
  autocomplete: string;
  required?: boolean;
  minlength?: number;
  maxlength?: number;
}): SafeHtml {
  const described = [options.hint ? `${options.id}-hint` : "", options.error ? `${options.id}-error` : ""].filter(Boolean).join(" ");
  // Label, hint and error come before the input, so they are read (and seen on a phone) before typing.
  return html`<div class="field">
<label for="${options.id}">${options.label}</label>
${options.hint ? html`<p class="hint" id="${options.id}-hint">${options.hint}</p>` : ""}
${options.error ? html`<p class="error" id="${options.id}-error"><span class="visually-hidden">Error: </span>${options.error}</p>` : ""}
<input id="${options.id}" name="${options.id}" type="${options.type}" autocomplete="${options.autocomplete}"${
    options.value !== undefined ? html` value="${options.value}"` : ""
  }${options.required === false ? "" : html` required`}${options.minlength ? html` minlength="${options.minlength}"` : ""}${
    options.maxlength ? html` maxlength="${options.maxlength}"` : ""
  }${options.error ? html` aria-invalid="true"` : ""}${described ? html` aria-describedby="${described}"` : ""}>
</div>`;
}

/** "2025-03-01 14:05 UTC" inside a <time> element; the server renders it, so no script is needed. */
export function timeOf(ms: number | null, empty = "never"): SafeHtml {
  if (ms === null) return html`<span class="muted">${empty}</span>`;
  const iso = new Date(ms).toISOString();
  return html`<time datetime="${iso}">${iso.slice(0, 16).replace("T", " ")} UTC</time>`;
}
