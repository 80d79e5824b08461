import { html, type SafeHtml } from "../html.ts";

/**
 * One section of the report folded under its heading: closed by default, so the report's first screen and
 * its height stay short (issue 28: a small site's report ran to 25,000 px on a phone), one click away, and
 * opened in print (site.js opens every <details> before printing; the stylesheet too where supported).
 * `note` is a short summary shown beside the heading while the section is closed ("7 pillars", "12 pages").
 */
export function reportFold(id: string, title: string, note: string | SafeHtml, body: SafeHtml, options: { open?: boolean; className?: string } = {}): SafeHtml {
  return html`<section class="report-fold${options.className ? ` ${options.className}` : ""}" id="${id}" aria-labelledby="${id}-title">
<details${options.open ? html` open` : ""}>
<summary><h2 id="${id}-title">${title}</h2>${note === "" ? "" : html`<span class="fold-note">${note}</span>`}</summary>
${body}
</details>
</section>`;
}
