import { Elysia } from "elysia";
import { readFileSync } from "node:fs";
// Embedded in the compiled binary: the pages load nothing from another origin.
import siteCssPath from "../web/assets/site.css" with { type: "file" };
import siteJsPath from "../web/assets/site.js" with { type: "file" };
import faviconPath from "../web/assets/favicon.svg" with { type: "file" };
// The ALTCHA widget's CSP-friendly build: script, stylesheet and worker as separate files, no blob: workers, no inline styles.
import altchaJsPath from "altcha/external" with { type: "file" };
import altchaCssPath from "altcha/altcha.css" with { type: "file" };
import altchaWorkerPath from "altcha/workers/pbkdf2" with { type: "file" };
import { ALTCHA_SCRIPT_PATH, ALTCHA_STYLESHEET_PATH, ALTCHA_WORKER_PATH } from "../web/challenge-widget.ts";
import { STYLESHEET_PATH, FAVICON_PATH } from "../web/layout.ts";
import { SITE_SCRIPT_PATH } from "../web/page-shell.ts";

const ASSETS: readonly { path: string; file: string; type: string }[] = [
  { path: STYLESHEET_PATH, file: siteCssPath, type: "text/css; charset=utf-8" },
  { path: SITE_SCRIPT_PATH, file: siteJsPath, type: "text/javascript; charset=utf-8" },
  { path: FAVICON_PATH, file: faviconPath, type: "image/svg+xml" },
  { path: ALTCHA_SCRIPT_PATH, file: altchaJsPath, type: "text/javascript; charset=utf-8" },
  { path: ALTCHA_STYLESHEET_PATH, file: altchaCssPath, type: "text/css; charset=utf-8" },
  { path: ALTCHA_WORKER_PATH, file: altchaWorkerPath, type: "text/javascript; charset=utf-8" },
];

/**
 * The pages' stylesheet, scripts, favicon and the ALTCHA widget, read once from the binary. Their
 * paths carry no version, so browsers keep them an hour and then revalidate with the ETag.
 */
export function assetRoutes() {
  const loaded = ASSETS.map((asset) => {
    const bytes = new Uint8Array(readFileSync(asset.file));
    return { ...asset, bytes, etag: `"${Bun.hash(bytes).toString(36)}"` };
  });
  const app = new Elysia();
  for (const asset of loaded) {
    const headers = { "content-type": asset.type, "cache-control": "public, max-age=3600", etag: asset.etag };
    app.get(asset.path, ({ request }) =>
      request.headers.get("if-none-match") === asset.etag
        ? new Response(null, { status: 304, headers })
        : new Response(asset.bytes, { headers }),
      { detail: { hide: true } as never },
    );
  }
  return app;
}
