import { checksList, checksRun, checksTemplate } from "./checks-list.ts";
import { html } from "./html.ts";
import { absoluteUrl, type PageContext } from "./page-context.ts";
import { renderScanPage } from "./page-shell.ts";
import { scanForm } from "./scan-form.ts";
import type { ServiceWeb } from "./service-web.ts";
import { jsonForScript } from "./html.ts";

/** `/`: the scan form, what a scan checks, and the API for those who would rather script it. */
export function renderHomePage(context: PageContext, web: ServiceWeb, form: { value?: string; error?: string } = {}): string {
  const home = web.home;
  const checks = checksRun(web.checks, context);
  const skipped = web.checks.length - checks.length;
  const structuredData = {
    "@context": "https://schema.org",
    "@type": "WebApplication",
    name: `${context.siteName} ${home.title}`,
    url: absoluteUrl(context, "/"),
    applicationCategory: "DeveloperApplication",
    operatingSystem: "Any (web browser)",
    description: home.lead,
    offers: { "@type": "Offer", price: "0", priceCurrency: "EUR" },
  };
  const body = html`<div class="hero">
<section aria-labelledby="home-title">
<p class="eyebrow">${home.title}</p>
<h1 id="home-title">${home.heading}</h1>
<p class="lead">${home.lead}</p>
${scanForm({ mode: "enter", value: form.value, error: form.error, inputLabel: home.inputLabel, placeholder: home.placeholder, hint: home.hint }, context.challenge, "scan")}
${home.more ? html`<p class="more-link"><a href="${home.more.href}">${home.more.text}</a></p>` : ""}
<noscript><p class="notice warn">Without JavaScript this form shows a report that is already stored; starting a new scan needs the browser check, which runs in JavaScript, or an API key (see below).</p></noscript>
</section>
<section class="card" aria-labelledby="checks-title">
<h2 id="checks-title">What a scan checks</h2>
${checksList(checks)}
${skipped > 0 ? html`<p class="muted">This server does not look the site up on Wikidata, Wikipedia or Common Crawl, so off-site presence is not part of its scores.</p>` : ""}
</section>
</div>
<section aria-labelledby="api-title">
<h2 id="api-title">For scripts and agents</h2>
<p>Start a scan with an API key (<a href="/account/signup">sign up</a> to create one), then poll its report until it answers 200. The whole API is described at <a href="/swagger">/swagger</a>, and in plain text for AI agents at <a href="/llms.txt">/llms.txt</a>.</p>
<pre><code>curl -s -X POST ${absoluteUrl(context, "/api/scan")} \\
  -H "Authorization: Bearer $API_KEY" -H "Content-Type: application/json" \\
  -d '{"url":"example.com","forceRescan":false}'
curl -s ${absoluteUrl(context, "/api/report/example.com.json")}</code></pre>
</section>
${checksTemplate(checks)}`;
  return renderScanPage(context, {
    title: `${home.title} · ${context.siteName}`,
    description: home.lead,
    head: html`<link rel="canonical" href="${absoluteUrl(context, "/")}">
<meta property="og:type" content="website">
<meta property="og:title" content="${home.title} · ${context.siteName}">
<meta property="og:description" content="${home.lead}">
<meta property="og:url" content="${absoluteUrl(context, "/")}">
<script type="application/ld+json">${jsonForScript(structuredData)}</script>`,
    body,
  });
}
