import { html, type SafeHtml } from "./html.ts";
import type { ServiceName } from "../analyzers/analyzer.ts";

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
  /**
   * Paths of our own ES module scripts. Modules are deferred too and run before `scripts`, in order;
   * a bundle with top-level declarations (the ALTCHA widget) loads as a module so that its names stay
   * out of the global scope the classic scripts share.
   */
  modules?: readonly string[];
  /** The site's name in the header. */
  siteName?: string;
  /** Extra classes for <body>, e.g. to let a page widen its main column. */
  bodyClass?: string;
}

export const STYLESHEET_PATH = "/assets/site.css";
export const FAVICON_PATH = "/favicon.svg";

/** The header's links, in focus order after the brand. */
const NAV_LINKS: readonly { href: string; label: string }[] = [
  { href: "/", label: "Scan" },
  { href: "/swagger", label: "API" },
  { href: "/llms.txt", label: "llms.txt" },
  // Signed out, /account leads to the sign-in page, so one static link serves both states.
  { href: "/account", label: "Account" },
];

/** The service's name on its pages, so that two open tabs, one per service, can be told apart (issue 28). */
export const SERVICE_LABELS: Record<ServiceName, string> = { visibility: "AI visibility", schema: "Schema markup" };

// One process runs one service (DESIGN.md): createRuntime sets it once, and every page's header and title name it.
let pageService: ServiceName | null = null;

export function setPageService(service: ServiceName): void {
  pageService = service;
}

/** The title with the service's name after it, unless it names it already. */
export function titleWithService(title: string, service: ServiceName | null): string {
  if (!service) return title;
  const label = SERVICE_LABELS[service];
  return title.toLowerCase().includes(label.toLowerCase()) ? title : `${title} · ${label}`;
}

export function renderPage(options: PageOptions): string {
  const siteName = options.siteName ?? "sightline";
  const service = pageService;
  return `<!doctype html>\n${html`<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${titleWithService(options.title, service)}</title>
${options.description ? html`<meta name="description" content="${options.description}">` : ""}
<link rel="stylesheet" href="${STYLESHEET_PATH}">
<link rel="icon" href="${FAVICON_PATH}" type="image/svg+xml">
${options.head ?? ""}
${(options.modules ?? []).map((src) => html`<script type="module" src="${src}"></script>`)}
${(options.scripts ?? []).map((src) => html`<script src="${src}" defer></script>`)}
</head>
<body${options.bodyClass ? html` class="${options.bodyClass}"` : ""}>
<a class="skip-link" href="#main">Skip to content</a>
<header class="site-header"><div class="wrap header-row"><a class="brand" href="/">${siteName}${service ? html` <span class="brand-service" data-service="${service}">${SERVICE_LABELS[service]}</span>` : ""}</a>
<nav aria-label="Site"><ul class="nav-links">${NAV_LINKS.map((link) => html`<li><a href="${link.href}">${link.label}</a></li>`)}</ul></nav></div></header>
<main id="main" class="wrap">
${options.body}
</main>
<footer class="site-footer"><div class="wrap"><p>${siteName}: self-hosted scans of how websites show up to AI. <a href="/swagger">API documentation</a> · <a href="/llms.txt">llms.txt</a></p></div></footer>
</body>
</html>`}\n`;
}
