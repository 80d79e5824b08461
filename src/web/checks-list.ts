import { html, type SafeHtml } from "./html.ts";
import type { PageContext } from "./page-context.ts";
import type { ScanCheck } from "./service-web.ts";

/** The checks this server runs: off-site look-ups drop out when OFFSITE_CHECKS=off. */
export function checksRun(checks: readonly ScanCheck[], context: Pick<PageContext, "offsiteChecks">): readonly ScanCheck[] {
  return context.offsiteChecks === false ? checks.filter((check) => !check.offsite) : checks;
}

/** The list of what a scan checks; site.js clones the copy in `<template id="scan-checks">` into its progress view. */
export function checksList(checks: readonly { title: string; description: string }[]): SafeHtml {
  return html`<ul class="checks">${checks.map((check) => html`<li><strong>${check.title}</strong><span class="muted">${check.description}</span></li>`)}</ul>`;
}

export function checksTemplate(checks: readonly { title: string; description: string }[]): SafeHtml {
  return html`<template id="scan-checks">${checksList(checks)}</template>`;
}
