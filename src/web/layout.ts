import { html, type SafeHtml } from "./html.ts";

/**
 * The shell of every HTML page: one stylesheet and our own scripts only, so that the page works
 * under a Content-Security-Policy of our own origin. Pages pass their body as SafeHtml.
 */
export interface PageOptions {
  title: string;
  description?: string;
  /** Extra elements for <head> (Open Graph tags, a <link rel="alternate">, …). */
  head?: SafeHtml;
  body: SafeHtml;
  /** Paths of our own scripts, loaded with defer. */
  scripts?: readonly string[];
  /** The site's name in the header. */
  siteName?: string;
}

export const STYLESHEET_PATH = "/assets/site.css";

export function renderPage(options: PageOptions): string {
  const siteName = options.siteName ?? "sightline";
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${options.title}</title>
${options.description ? html`<meta name="description" content="${options.description}">` : ""}
<link rel="stylesheet" href="${STYLESHEET_PATH}">
${options.head ?? ""}
${(options.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
</head>
<body>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><a class="brand" href="/">${siteName}</a></header>
<main id="main">
${options.body}
</main>
</body>
</html>`}\n`;
}
