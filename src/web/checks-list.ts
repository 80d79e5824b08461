import { html, type SafeHtml } from "./html.ts";

/** The list of what a scan checks; site.js clones the copy in `<template id="scan-checks">` into its progress view. */
export function checksList(checks: readonly { title: string; description: string }[]): SafeHtml {
  return html`<ul class="checks">${checks.map((check) => html`<li><strong>${check.title}</strong><span class="muted">${check.description}</span></li>`)}</ul>`;
}

export function checksTemplate(checks: readonly { title: string; description: string }[]): SafeHtml {
  return html`<template id="scan-checks">${checksList(checks)}</template>`;
}
