import { normalizeTarget } from "../scans/normalize-target.ts";
import { html } from "./html.ts";
import { renderPage } from "./layout.ts";
import { reportPath } from "./page-context.ts";

/** Paths shown back are cut here: a page must not grow with whatever a link or a scanner typed. */
const MAX_SHOWN_PATH = 120;

/**
 * The page for an address no route serves, in the site's layout (header, navigation, viewport), so a
 * person who followed a broken link can go on. A path that is a bare domain ("/example.com") most
 * likely meant that domain's report, so the page offers it.
 */
export function renderNotFoundPage(pathname: string): string {
  const shown = pathname.length > MAX_SHOWN_PATH ? `${pathname.slice(0, MAX_SHOWN_PATH)}…` : pathname;
  const domain = domainInPath(pathname);
  const body = html`<section aria-labelledby="not-found-title">
<p class="eyebrow">Error 404</p>
<h1 id="not-found-title">Page not found</h1>
<p class="lead">There is no page at <code>${shown}</code>. The link may be mistyped or out of date.</p>
${domain ? html`<p>Looking for the report of ${domain}? <a href="${reportPath(domain)}">Open the report of ${domain}</a>.</p>` : ""}
<h2>Where to go from here</h2>
<ul>
<li><a href="/">Scan a domain</a>: the home page has the scan form.</li>
<li>A domain's report lives at <code>/report/</code> followed by the domain, such as <code>/report/example.com</code>.</li>
<li><a href="/swagger">The API documentation</a>, and <a href="/llms.txt">llms.txt</a> for AI agents.</li>
<li><a href="/account">Your account</a> and API keys.</li>
</ul>
<p class="actions"><a class="button" href="/">Go to the home page</a></p>
</section>`;
  return renderPage({ title: "Page not found · sightline", description: "There is no page at this address.", head: html`<meta name="robots" content="noindex">`, body });
}

function domainInPath(pathname: string): string | null {
  let segment: string;
  try {
    segment = decodeURIComponent(pathname.replace(/^\/+|\/+$/g, ""));
  } catch {
    return null;
  }
  // Only a single segment with a dot reads as a domain; "/admin/x" or "/favicon.ico" do not.
  if (segment === "" || segment.includes("/") || !segment.includes(".") || /\.(ico|png|jpe?g|gif|svg|txt|xml|json|js|css|html?|php|map|webmanifest)$/i.test(segment)) return null;
  const target = normalizeTarget(segment);
  return target.ok ? target.domain : null;
}
