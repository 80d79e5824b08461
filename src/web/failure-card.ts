import type { FailureExplanation } from "./failure-explanation.ts";
import { html, type SafeHtml } from "./html.ts";

/** "What to check" for a failed scan: the checklist for its cause, then every address tried, folded away. */
export function failureCard(failure: FailureExplanation, reason: string, again: string): SafeHtml {
  return html`<section class="card" aria-labelledby="check-title">
<h2 id="check-title">What to check</h2>
<ul class="checklist">${failure.checklist.map((item) => html`<li>${item}</li>`)}</ul>
<p>${again}</p>
<details class="failure-details"><summary>Technical details</summary>
${failure.attempts.length > 0
    ? html`<ul>${failure.attempts.map((attempt) => html`<li><code>${attempt.url}</code>: ${attempt.message}</li>`)}</ul>`
    : html`<p>${reason}</p>`}
</details>
</section>`;
}
