import type { ServiceName } from "../analyzers/analyzer.ts";
import { readPagesTable } from "../web/report-pages-table.ts";
import { Elysia } from "elysia";
import type { Config } from "../config.ts";
import { resolveClientIp } from "../limits/client-ip.ts";
import type { ScanApiDeps } from "../scans/scan-api.ts";
import { handleFormScan } from "../web/form-scan.ts";
import { renderHomePage } from "../web/home-page.ts";
import { html } from "../web/html.ts";
import { htmlResponse } from "../web/html-response.ts";
import { pageReportPath, reportPath, type PageContext } from "../web/page-context.ts";
import { renderScanPage } from "../web/page-shell.ts";
import { lookUpReport } from "../web/report-lookup.ts";
import { checksTemplate } from "../web/checks-list.ts";
import { FORM_SCAN_PATH } from "../web/scan-form.ts";
import { rateLimitedMessage } from "../web/wait-text.ts";
import { serviceWebFor } from "../web/service-web.ts";
import {
  renderFormRefusalPage,
  renderNeedsJavaScriptPage,
  renderNotADomainPage,
  renderNotScannedPage,
  renderProgressPage,
} from "../web/status-pages.ts";
import { checkPageRoutes } from "./check-page-routes.ts";
import { clientAddressOf } from "./client-address.ts";
import { challengePageCsp } from "./security-headers.ts";
import { compareRoutes } from "./compare-routes.ts";
import { agentViewRoutes } from "./agent-view-routes.ts";

/** A form post is a URL and two short fields; anything bigger is not our form. */
const MAX_FORM_BYTES = 16 * 1024;

export interface PageRoutesDeps {
  service: ServiceName;
  config: Pick<Config, "CHALLENGE" | "TURNSTILE_SITE_KEY" | "PUBLIC_URL" | "OFFSITE_CHECKS">;
  scanApi: ScanApiDeps;
  trustProxy: number;
}

/**
 * `/` (the scan form), `POST /scan` (the same form without JavaScript) and `/report/:domain` (the
 * report, its progress while a scan runs, or a scan button for a domain never scanned). The pages
 * are rendered by src/web/; these routes only pick which one and set the status.
 */
export function pageRoutes(deps: PageRoutesDeps) {
  const web = serviceWebFor(deps.service);
  // A service without pages yet (schema) serves none rather than a placeholder.
  if (!web) return new Elysia();
  const csp = { "content-security-policy": challengePageCsp(deps.config.CHALLENGE) };
  const context = (): PageContext => ({
    publicUrl: deps.config.PUBLIC_URL,
    siteName: "sightline",
    challenge: { kind: deps.config.CHALLENGE, turnstileSiteKey: deps.config.TURNSTILE_SITE_KEY },
    now: deps.scanApi.now(),
    offsiteChecks: deps.config.OFFSITE_CHECKS !== "off",
  });
  const page = (body: string, status = 200, headers: Record<string, string> = {}) => htmlResponse(body, status, { ...csp, ...headers });
  const detail = { hide: true } as never;

  return new Elysia()
    .use(checkPageRoutes(deps.service, context))
    .get("/", () => page(renderHomePage(context(), web)), { detail })
    .post(
      FORM_SCAN_PATH,
      async ({ request }) => {
        const fields = await readForm(request);
        if (!fields) return page(renderHomePage(context(), web, { error: "The form could not be read: send it from the scan page." }), 400);
        const clientIp = resolveClientIp(clientAddressOf(request), request.headers.get("x-forwarded-for"), deps.trustProxy);
        const outcome = await handleFormScan(deps.scanApi, { fields, clientIp });
        const ctx = context();
        switch (outcome.kind) {
          case "show-report": {
            // Post/Redirect/Get to the page asked for, where records are kept per page (the schema service).
            const location = outcome.page === undefined ? reportPath(outcome.domain) : pageReportPath(outcome.domain, outcome.page);
            return new Response(null, { status: 303, headers: { location, "cache-control": "no-store" } });
          }
          case "invalid":
            return page(renderHomePage(ctx, web, { value: outcome.url, error: outcome.error }), 400);
          case "needs-javascript":
            return page(renderNeedsJavaScriptPage(ctx, web, outcome.domain, outcome.stale, outcome.page === undefined ? undefined : pageReportPath(outcome.domain, outcome.page)), 403);
          case "verification-failed":
            return page(renderFormRefusalPage(ctx, web, { domain: outcome.domain, title: "The browser check failed", message: `${outcome.error} The check's answer was missing, expired or already used.` }), 403);
          case "limited":
            return page(
              renderFormRefusalPage(ctx, web, {
                domain: outcome.domain,
                title: "Too many scans",
                message: rateLimitedMessage(outcome.error, outcome.retryAfterSeconds),
              }),
              429,
              { ...outcome.headers, "retry-after": String(outcome.retryAfterSeconds) },
            );
        }
      },
      { parse: "none", detail },
    )
    .get(
      "/report/:domain",
      async ({ params, query, request }) => {
        const ctx = context();
        const perPage = deps.service === "schema";
        const askedPage = typeof query.url === "string" ? query.url : undefined;
        const found = await lookUpReport(deps.scanApi.db, params.domain, { perPage, ...(askedPage !== undefined ? { page: askedPage } : {}) });
        switch (found.kind) {
          case "not-a-domain":
            return page(renderNotADomainPage(ctx, web, found.error), 404);
          case "redirect": {
            const location = found.page === undefined ? reportPath(found.domain) : `${reportPath(found.domain)}?url=${encodeURIComponent(found.page)}`;
            return new Response(null, { status: 301, headers: { location } });
          }
          case "bad-page":
            return page(renderFormRefusalPage(ctx, web, { domain: found.domain, title: "Not a page of this domain", message: found.error }), 400);
          case "never-scanned":
            return page(renderNotScannedPage(ctx, web, found.domain, pageTarget(found.domain, found.page)), 404);
          case "in-progress":
            return page(renderProgressPage(ctx, web, found.domain, found.state, found.progress, pageTarget(found.domain, found.page)));
          case "report": {
            const itemsPage = typeof query.items === "string" && /^[1-9]\d{0,5}$/.test(query.items) ? Number(query.items) : 1;
            const pagesTable = perPage ? null : await readPagesTable(deps.scanApi.db, found.scan, new URL(request.url).searchParams);
            const parts = web.renderReport(ctx, found.scan, found.scanRunning, { running: found.running, timeline: found.timeline, pages: found.pages, itemsPage, pagesTable });
            return page(renderScanPage(ctx, { ...parts, body: html`${parts.body}${checksTemplate(web.checks)}` }));
          }
        }
      },
      { detail },
    )
    .use(deps.service === "visibility" ? compareRoutes({ db: deps.scanApi.db, context, headers: csp }) : new Elysia())
    .use(deps.service === "visibility" ? agentViewRoutes({ db: deps.scanApi.db, context, headers: csp, web }) : new Elysia());
}

/** A page of a domain asked for by `?url=` (undefined: the domain itself): its URL to scan and its report's address. */
function pageTarget(domain: string, page: string | null | undefined): { url: string; path: string } | undefined {
  if (page === undefined) return undefined;
  return { url: page ?? domain, path: pageReportPath(domain, page) };
}

async function readForm(request: Request): Promise<URLSearchParams | null> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("application/x-www-form-urlencoded")) return null;
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_FORM_BYTES) return null;
  const text = await request.text();
  return text.length > MAX_FORM_BYTES ? null : new URLSearchParams(text);
}
