import { html, type SafeHtml } from "./html.ts";

/** One scan on the chart. */
export interface ChartPoint {
  /** ms */
  at: number;
  /** 0-100, or null for a scan that failed (drawn as a mark on the baseline, not joined to the line). */
  score: number | null;
  grade: string | null;
}

const WIDTH = 480;
const HEIGHT = 180;
const PLOT = { left: 42, right: WIDTH - 14, top: 12, bottom: HEIGHT - 28 };
const GRID = [0, 25, 50, 75, 100];
const GRADES = new Set(["A", "B", "C", "D", "F"]);

/**
 * The score over time as an inline SVG: no script, only attributes and classes (the CSP allows no
 * inline styles), colours from the stylesheet. Scans are spaced evenly, oldest left, since rescans
 * come minutes or months apart; each point has a <title> with its date and score, and the chart's
 * own title says what it shows. Callers put the same numbers in a table for screen readers.
 */
export function scoreChart(points: readonly ChartPoint[], titleId: string): SafeHtml {
  const x = (index: number) => (points.length === 1 ? (PLOT.left + PLOT.right) / 2 : PLOT.left + ((PLOT.right - PLOT.left) * index) / (points.length - 1));
  const y = (score: number) => PLOT.bottom - ((PLOT.bottom - PLOT.top) * Math.max(0, Math.min(100, score))) / 100;
  const scored = points.map((point, index) => ({ point, index })).filter((entry) => entry.point.score !== null);
  const line = scored.map(({ point, index }) => `${x(index).toFixed(1)},${y(point.score!).toFixed(1)}`).join(" ");
  const first = points[0];
  const last = points[points.length - 1];
  // Scans a day apart are told apart by their day; scans on the same day by their time too (issue 28).
  const sharesDay = points.some((point, index) => index > 0 && day(point.at) === day(points[index - 1]!.at));
  const label = sharesDay ? dayAndTime : day;
  return html`<svg class="score-chart" viewBox="0 0 ${WIDTH} ${HEIGHT}" role="img" aria-labelledby="${titleId}">
<title id="${titleId}">Score of the last ${points.length} ${points.length === 1 ? "scan" : "scans"}, oldest first${last?.score != null ? `; latest ${last.score} of 100` : ""}</title>
${GRID.map((value) => html`<line class="grid" x1="${PLOT.left}" x2="${PLOT.right}" y1="${y(value)}" y2="${y(value)}"></line><text class="axis" x="${PLOT.left - 6}" y="${y(value) + 4}" text-anchor="end">${value}</text>`)}
${scored.length > 1 ? html`<polyline class="line" fill="none" points="${line}"></polyline>` : ""}
${points.map((point, index) =>
    point.score === null
      ? html`<g class="failed-mark"><title>${label(point.at)}: the scan failed</title><path d="M${x(index) - 4} ${PLOT.bottom - 4} l8 8 m0 -8 l-8 8"></path></g>`
      : html`<circle class="point grade-${GRADES.has(point.grade ?? "") ? point.grade : "none"}" cx="${x(index).toFixed(1)}" cy="${y(point.score).toFixed(1)}" r="4.5"><title>${label(point.at)}: ${point.score}${point.grade ? ` (${point.grade})` : ""}</title></circle>`,
  )}
${first ? html`<text class="axis" x="${PLOT.left}" y="${HEIGHT - 8}" text-anchor="start">${label(first.at)}</text>` : ""}
${last && points.length > 1 ? html`<text class="axis" x="${PLOT.right}" y="${HEIGHT - 8}" text-anchor="end">${label(last.at)}</text>` : ""}
</svg>`;
}

/** "2026-11-21": dates on the chart are UTC days, like the rest of the report's times. */
export function day(at: number): string {
  return new Date(at).toISOString().slice(0, 10);
}

/** "2026-11-21 14:05": a UTC day and minute, for scans that share a day. */
export function dayAndTime(at: number): string {
  return new Date(at).toISOString().slice(0, 16).replace("T", " ");
}
