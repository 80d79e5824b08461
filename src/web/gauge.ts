import { html, type SafeHtml } from "./html.ts";

const RADIUS = 52;
const CIRCUMFERENCE = 2 * Math.PI * RADIUS;

/**
 * The overall score as a ring, drawn with SVG attributes only (the CSP allows no inline styles);
 * colour comes from the surrounding `grade-X` class. The <title> is its text alternative.
 */
export function scoreGauge(score: number, grade: string | null, label: string): SafeHtml {
  const clamped = Math.max(0, Math.min(100, Math.round(score)));
  const filled = (CIRCUMFERENCE * clamped) / 100;
  const title = grade ? `Score ${clamped} out of 100, grade ${grade}: ${label}` : `Score ${clamped} out of 100`;
  return html`<svg class="gauge" viewBox="0 0 120 120" role="img" aria-labelledby="gauge-title">
<title id="gauge-title">${title}</title>
<circle class="track" cx="60" cy="60" r="${RADIUS}" fill="none" stroke-width="12"></circle>
${clamped > 0 ? html`<circle class="value" cx="60" cy="60" r="${RADIUS}" fill="none" stroke-width="12" stroke-dasharray="${filled.toFixed(2)} ${CIRCUMFERENCE.toFixed(2)}" transform="rotate(-90 60 60)"></circle>` : ""}
<text class="score" x="60" y="64" text-anchor="middle" dominant-baseline="middle">${clamped}</text>
<text class="out-of" x="60" y="88" text-anchor="middle">of 100</text>
</svg>`;
}

/** A horizontal bar for a 0-100 value; decorative, since the number is always written next to it. */
export function scoreBar(value: number): SafeHtml {
  const clamped = Math.max(0, Math.min(100, value));
  return html`<svg class="bar" viewBox="0 0 100 6" preserveAspectRatio="none" aria-hidden="true" focusable="false"><rect class="track" width="100" height="6"></rect><rect class="fill" width="${clamped.toFixed(1)}" height="6"></rect></svg>`;
}
