import { html } from "../html.ts";
import { renderAccountPage } from "./account-layout.ts";

/**
 * The confirmation step before a key is revoked: a page of its own, so that it works without
 * JavaScript, and a revocation always takes a deliberate second click.
 */
export function revokeKeyPage(options: { key: { id: number; name: string; visibleStart: string }; owner?: string | null; action: string; cancel: string }): string {
  const body = html`<section class="account-narrow">
<h1>Revoke this key?</h1>
<div class="card">
<p><strong>${options.key.name}</strong> <code>${options.key.visibleStart}…</code>${options.owner !== undefined ? html` <span class="muted">(${options.owner ?? "operator key"})</span>` : ""}</p>
<p>Every request that uses it will be refused from now on, with 401 Unauthorized. This cannot be undone; you can create a new key at any time.</p>
<form class="actions" method="post" action="${options.action}">
<button class="button danger" type="submit">Revoke key</button>
<a class="button secondary" href="${options.cancel}">Cancel</a>
</form>
</div>
</section>`;
  return renderAccountPage({ title: "Revoke key", body });
}
