import type { VisibilityResult } from "../../analyzers/visibility/record-schema.ts";
import { html, type SafeHtml } from "../html.ts";
import { reportFold } from "./report-fold.ts";
import { explainScore, oneDecimal, scoreSentences } from "../../analyzers/visibility/scoring/score-explanation.ts";

/** "How the score adds up": each pillar's points, the pillars left out and why, the scaling and the gates. */
export function scoreArithmeticSection(result: Pick<VisibilityResult, "score" | "pillars"> & { gates?: VisibilityResult["gates"] }): SafeHtml {
  const explanation = explainScore(result);
  return reportFold("arithmetic", "How the score adds up", `${explanation.score} of 100, pillar by pillar`, html`<div class="table-scroll"><table class="arithmetic-table">
<thead><tr><th scope="col">Pillar</th><th scope="col" class="num">Score</th><th scope="col" class="num">Weight</th><th scope="col" class="num">Points</th></tr></thead>
<tbody>
${explanation.assessed.map((pillar) => html`<tr><th scope="row"><a href="#pillar-${pillar.id}">${pillar.title}</a></th><td class="num">${pillar.score}</td><td class="num">${pillar.weight}</td><td class="num">${oneDecimal(pillar.points)}</td></tr>`)}
${explanation.notAssessed.map((pillar) => html`<tr class="not-assessed"><th scope="row">${pillar.title}</th><td class="num formula" colspan="3">not assessed: weight ${pillar.weight} left out</td></tr>`)}
</tbody>
<tfoot>
<tr><th scope="row">Assessed pillars</th><td></td><td class="num">${explanation.assessedWeight}</td><td class="num">${oneDecimal(explanation.points)}</td></tr>
${explanation.assessedWeight !== 100 && explanation.assessedWeight > 0 ? html`<tr><th scope="row">Scaled to 100</th><td class="num formula" colspan="3">${oneDecimal(explanation.points)} ÷ ${explanation.assessedWeight} × 100 = ${oneDecimal(explanation.exact)}</td></tr>` : ""}
${explanation.score < explanation.uncapped ? html`<tr><th scope="row">Capped by a gate</th><td class="num" colspan="3">${explanation.uncapped} → ${explanation.score}</td></tr>` : ""}
<tr class="total"><th scope="row">Score</th><td class="num" colspan="3">${explanation.score}</td></tr>
</tfoot>
</table></div>
<ul class="arithmetic-notes">${scoreSentences(explanation).map((sentence) => html`<li>${sentence}</li>`)}</ul>
<p class="muted">A pillar's points are its score × its weight ÷ 100. Checks that do not apply, or could not be judged, leave their pillar's denominator instead of counting as 0; a pillar with none left is left out of the score.</p>`, { className: "card arithmetic" });
}
