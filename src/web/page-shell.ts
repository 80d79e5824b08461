import { challengeAssets } from "./challenge-widget.ts";
import { html, type SafeHtml } from "./html.ts";
import { renderPage } from "./layout.ts";
import type { PageContext } from "./page-context.ts";

export const SITE_SCRIPT_PATH = "/assets/site.js";

/**
 * A page of the scan web: the shared layout with the challenge widget's assets and site.js (copy
 * buttons, the scan forms, progress and countdowns). Every such page may hold a scan form.
 */
export function renderScanPage(context: PageContext, page: { title: string; description: string; head?: SafeHtml; body: SafeHtml }): string {
  const assets = challengeAssets(context.challenge);
  return renderPage({
    title: page.title,
    description: page.description,
    siteName: context.siteName,
    head: html`${assets.head}${page.head ?? ""}`,
    modules: assets.modules,
    scripts: [SITE_SCRIPT_PATH],
    body: page.body,
  });
}
