import { html, type SafeHtml } from "./html.ts";

/**
 * The browser challenge on our forms: the ALTCHA widget (script, stylesheet and proof-of-work worker
 * all served from our own origin, see asset-routes.ts) or, when the operator chose it, Cloudflare
 * Turnstile, whose script comes from challenges.cloudflare.com (the page's CSP allows that origin
 * then, see security-headers.ts). Either way the token lands in a field named `challengeToken`, the
 * name POST /api/scan reads, so the no-JavaScript form post carries it too when a widget did run.
 */

export interface ChallengeWidgetConfig {
  kind: "altcha" | "turnstile";
  /** Required for Turnstile. */
  turnstileSiteKey?: string;
}

export const ALTCHA_SCRIPT_PATH = "/assets/altcha.js";
export const ALTCHA_STYLESHEET_PATH = "/assets/altcha.css";
export const ALTCHA_WORKER_PATH = "/assets/altcha-pbkdf2.js";
export const TURNSTILE_SCRIPT_URL = "https://challenges.cloudflare.com/turnstile/v0/api.js";
export const CHALLENGE_FIELD = "challengeToken";

/** The widget element placed inside a scan form. */
export function challengeWidget(config: ChallengeWidgetConfig): SafeHtml {
  if (config.kind === "turnstile") {
    return html`<div class="challenge cf-turnstile" data-sitekey="${config.turnstileSiteKey ?? ""}" data-response-field-name="${CHALLENGE_FIELD}" data-size="flexible"></div>`;
  }
  // auto="onfocus": the proof of work starts as soon as someone focuses the form (typing the
  // domain), so it is usually done by the time they press the button.
  return html`<altcha-widget class="challenge" challenge="/api/challenge" name="${CHALLENGE_FIELD}" auto="onfocus"></altcha-widget>`;
}

/** What a page with a widget adds to the layout: head elements and module scripts. */
export function challengeAssets(config: ChallengeWidgetConfig): { head: SafeHtml; modules: string[] } {
  if (config.kind === "turnstile") {
    return { head: html`<script src="${TURNSTILE_SCRIPT_URL}" async defer></script>`, modules: [] };
  }
  return { head: html`<link rel="stylesheet" href="${ALTCHA_STYLESHEET_PATH}">`, modules: [ALTCHA_SCRIPT_PATH] };
}
