import type { CheckedMarkup } from "../../scans/check-api.ts";
import { challengeWidget } from "../challenge-widget.ts";
import { html, type SafeHtml } from "../html.ts";
import { absoluteUrl, type PageContext } from "../page-context.ts";
import { renderScanPage } from "../page-shell.ts";
import { resultSections } from "./result-sections.ts";

/**
 * `/check`: paste a page's HTML or its JSON-LD and see what the schema service makes of it, without
 * publishing it (Google's Rich Results Test has the same "code" tab). The form posts natively: the
 * widget's token travels in the form, and the answer is this page again with the result below.
 * The pasted text comes back in the textarea and in the result: hostile by assumption, so escaped.
 */

export const PASTE_PATH = "/check";

export interface PastePageState {
  markup?: string;
  url?: string;
  /** Plain text, or markup built with `html` (a countdown). */
  error?: string | SafeHtml;
  checked?: CheckedMarkup;
}

const INPUT_NAMES = { html: "an HTML page", jsonld: "JSON-LD" } as const;

export function renderPastePage(context: PageContext, state: PastePageState = {}): string {
  const title = "Check pasted markup";
  const description = "Paste HTML or JSON-LD and see its structured data, errors, rich-result eligibility and suggested JSON-LD. Nothing is fetched or stored.";
  const body = html`<section aria-labelledby="paste-title">
<p class="eyebrow">Schema markup generator</p>
<h1 id="paste-title">${title}</h1>
<p class="lead">Paste a whole HTML page, or one or more JSON-LD blocks, to test markup before it is published. Nothing is fetched and nothing is stored.</p>
${pasteForm(context, state)}
<p><a href="/">Analyse a published page by its URL instead</a></p>
</section>
${state.checked ? resultSection(state.checked) : ""}`;
  return renderScanPage(context, {
    title: `${state.checked ? "Result · " : ""}${title} · ${context.siteName}`,
    description,
    head: html`<link rel="canonical" href="${absoluteUrl(context, PASTE_PATH)}">`,
    body,
  });
}

function pasteForm(context: PageContext, state: PastePageState): SafeHtml {
  return html`<form class="scan-form paste-form card" id="paste" action="${PASTE_PATH}" method="post">
<label for="paste-markup">HTML or JSON-LD</label>
<textarea id="paste-markup" name="markup" rows="14" required spellcheck="false" autocapitalize="none" aria-describedby="paste-hint${state.error ? " paste-error" : ""}">${state.markup ?? ""}</textarea>
<p class="hint" id="paste-hint">Text starting with <code>{</code> or <code>[</code> is read as JSON-LD; anything else as an HTML page, where <code>&lt;script type="application/ld+json"&gt;</code> blocks, Microdata and RDFa are all read.</p>
<label for="paste-url">Page address <span class="muted">(optional when the page has a canonical link or og:url; needed for suggested markup otherwise; never fetched)</span></label>
<input type="url" id="paste-url" name="url" value="${state.url ?? ""}" placeholder="https://example.com/product/1" inputmode="url" autocomplete="off" autocapitalize="none" spellcheck="false">
${challengeWidget(context.challenge)}
<div><button class="button" type="submit">Check markup</button></div>
${state.error ? html`<div class="notice error" id="paste-error" role="alert"><p>${state.error}</p></div>` : ""}
<noscript><p class="notice warn">The check needs the browser check, which runs in JavaScript, or an API key with POST /api/check (see <a href="/swagger">/swagger</a>).</p></noscript>
</form>`;
}

const ADDRESS_SOURCES = { given: "the address given", canonical: "its canonical link", "og:url": "its og:url" } as const;

/** ", at https://example.com/post (its canonical link)": the address the check took the page to have. */
function addressLine(checked: CheckedMarkup): SafeHtml | string {
  const address = checked.address;
  return address?.url && address.source ? html`, at ${address.url} (${ADDRESS_SOURCES[address.source]})` : "";
}

function resultSection(checked: CheckedMarkup): SafeHtml {
  return html`<section class="paste-result" aria-labelledby="result-title">
<h2 id="result-title">Result</h2>
<p class="meta-line">Read as ${INPUT_NAMES[checked.input]}${checked.result.page.title ? html`, titled “${checked.result.page.title}”` : ""}${addressLine(checked)}.</p>
${checked.address?.notice ? html`<div class="notice warn" id="address-needed" role="status"><p>${checked.address.notice}</p></div>` : ""}
${resultSections(checked.result)}
</section>`;
}
