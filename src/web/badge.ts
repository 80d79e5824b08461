import type { BadgeContent } from "./service-web.ts";
import { html } from "./html.ts";

/**
 * A shields-style SVG badge. It stands alone (README images, footers), so it uses presentation
 * attributes only (no <style>, which a strict CSP on the SVG would block), white text on colours
 * that reach WCAG AA contrast, and role="img" with a <title> as its text alternative.
 */

export const BADGE_COLORS = { A: "#15803d", B: "#4d7c0f", C: "#a16207", D: "#c2410c", F: "#b91c1c", none: "#4b5563" } as const;
const LABEL_COLOR = "#334155";
const HEIGHT = 20;
const PADDING = 6;

export function renderBadge(content: BadgeContent): string {
  const labelWidth = textWidth(content.label) + PADDING * 2;
  const messageWidth = textWidth(content.message) + PADDING * 2;
  const width = labelWidth + messageWidth;
  const color = BADGE_COLORS[content.grade ?? "none"];
  return html`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${content.title}">
<title>${content.title}</title>
<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)">
<rect width="${labelWidth}" height="${HEIGHT}" fill="${LABEL_COLOR}"/>
<rect x="${labelWidth}" width="${messageWidth}" height="${HEIGHT}" fill="${color}"/>
</g>
<g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,Geneva,sans-serif" font-size="11">
<text x="${labelWidth / 2}" y="14">${content.label}</text>
<text x="${labelWidth + messageWidth / 2}" y="14" font-weight="bold">${content.message}</text>
</g>
</svg>
`.value;
}

/**
 * Width of text in 11px Verdana, close enough for a badge: per-character widths for the characters
 * badges use, a generous default for the rest.
 */
function textWidth(text: string): number {
  let width = 0;
  for (const character of text) width += CHARACTER_WIDTHS[character] ?? (/[A-Z]/.test(character) ? 7.5 : 7);
  return Math.ceil(width);
}

const CHARACTER_WIDTHS: Record<string, number> = {
  " ": 3.9, "·": 4.5, i: 3.1, l: 3.1, j: 3.4, t: 4.3, f: 3.9, r: 4.7, I: 4.6, s: 5.7, c: 5.7, a: 6.6, e: 6.6,
  n: 7, o: 6.7, u: 7, d: 6.8, b: 6.8, h: 7, k: 6.5, p: 6.8, v: 6.5, y: 6.5, m: 10.7, w: 9, A: 7.5, B: 7.5,
  C: 7.7, D: 8.4, F: 6.3, "0": 7, "1": 7, "2": 7, "3": 7, "4": 7, "5": 7, "6": 7, "7": 7, "8": 7, "9": 7,
};
