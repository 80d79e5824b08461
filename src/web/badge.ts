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
/** Space between the text and each edge of its half. */
export const BADGE_PADDING = 6;
const FONT = "Verdana,DejaVu Sans,Geneva,sans-serif";

export function renderBadge(content: BadgeContent): string {
  const labelWidth = textWidth(content.label, "normal") + BADGE_PADDING * 2;
  const messageWidth = textWidth(content.message, "bold") + BADGE_PADDING * 2;
  const width = labelWidth + messageWidth;
  const color = BADGE_COLORS[content.grade ?? "none"];
  return html`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${HEIGHT}" viewBox="0 0 ${width} ${HEIGHT}" role="img" aria-label="${content.title}">
<title>${content.title}</title>
<clipPath id="r"><rect width="${width}" height="${HEIGHT}" rx="3" fill="#fff"/></clipPath>
<g clip-path="url(#r)">
<rect width="${labelWidth}" height="${HEIGHT}" fill="${LABEL_COLOR}"/>
<rect x="${labelWidth}" width="${messageWidth}" height="${HEIGHT}" fill="${color}"/>
</g>
<g fill="#fff" text-anchor="middle" font-family="${FONT}" font-size="11">
<text x="${labelWidth / 2}" y="14">${content.label}</text>
<text x="${labelWidth + messageWidth / 2}" y="14" font-weight="bold">${content.message}</text>
</g>
</svg>
`.value;
}

/**
 * The alt text of an embedded badge. The image always shows the latest scan, so the alt text names
 * the domain and what the badge measures, never a score that the next scan would make false; the
 * SVG's own <title> carries the current grade and score.
 */
export function badgeEmbedAlt(label: string, domain: string): string {
  return `${label} score of ${domain}`;
}

/**
 * Width in px of text at 11px in the badge's font, bold or not, rounded up. The widths are DejaVu
 * Sans's (the font Linux browsers draw "Verdana" with, measured in Chromium) plus 4%, which also
 * covers Verdana's own, slightly different widths; the bold message half needs the bold widths, or
 * long texts such as "scan failed" run into the badge's edge. Characters outside the table count
 * as the widest one, so an unexpected character can only make a badge wider, never clip it.
 */
export function textWidth(text: string, weight: "normal" | "bold"): number {
  const widths = weight === "bold" ? BOLD_WIDTHS : REGULAR_WIDTHS;
  let width = 0;
  for (const character of text) width += widths[character] ?? WIDEST;
  return Math.ceil(width * SAFETY);
}

const SAFETY = 1.04;
const WIDEST = 12.2;

const REGULAR_WIDTHS: Record<string, number> = {
  " ": 3.5, "!": 4.41, "\"": 5.06, "#": 9.22, "$": 7, "%": 10.45, "&": 8.58, "'": 3.02, "(": 4.29, ")": 4.29,
  "*": 5.5, "+": 9.22, ",": 3.5, "-": 3.97, ".": 3.5, "/": 3.71, "0": 7, "1": 7, "2": 7, "3": 7, "4": 7, "5": 7,
  "6": 7, "7": 7, "8": 7, "9": 7, ":": 3.71, ";": 3.71, "<": 9.22, "=": 9.22, ">": 9.22, "?": 5.84, "@": 11,
  "A": 7.52, "B": 7.55, "C": 7.68, "D": 8.47, "E": 6.95, "F": 6.33, "G": 8.52, "H": 8.27, "I": 3.24, "J": 3.24,
  "K": 7.21, "L": 6.13, "M": 9.49, "N": 8.23, "O": 8.66, "P": 6.63, "Q": 8.66, "R": 7.64, "S": 6.98, "T": 6.72,
  "U": 8.05, "V": 7.52, "W": 10.88, "X": 7.54, "Y": 6.72, "Z": 7.54, "[": 4.29, "\\": 3.71, "]": 4.29, "^": 9.22,
  "_": 5.5, "`": 5.5, "a": 6.74, "b": 6.98, "c": 6.05, "d": 6.98, "e": 6.77, "f": 3.87, "g": 6.98, "h": 6.97,
  "i": 3.06, "j": 3.06, "k": 6.37, "l": 3.06, "m": 10.72, "n": 6.97, "o": 6.73, "p": 6.98, "q": 6.98, "r": 4.52,
  "s": 5.73, "t": 4.31, "u": 6.97, "v": 6.51, "w": 9, "x": 6.51, "y": 6.51, "z": 5.77, "{": 7, "|": 3.71, "}": 7,
  "~": 9.22, "·": 3.5, "–": 5.5, "—": 11, "…": 11,
};

const BOLD_WIDTHS: Record<string, number> = {
  " ": 3.83, "!": 5.02, "\"": 5.73, "#": 9.22, "$": 7.65, "%": 11.02, "&": 9.59, "'": 3.37, "(": 5.03, ")": 5.03,
  "*": 5.75, "+": 9.22, ",": 4.18, "-": 4.57, ".": 4.18, "/": 4.02, "0": 7.65, "1": 7.65, "2": 7.65, "3": 7.65,
  "4": 7.65, "5": 7.65, "6": 7.65, "7": 7.65, "8": 7.65, "9": 7.65, ":": 4.4, ";": 4.4, "<": 9.22, "=": 9.22,
  ">": 9.22, "?": 6.38, "@": 11, "A": 8.51, "B": 8.38, "C": 8.07, "D": 9.13, "E": 7.51, "F": 7.51, "G": 9.03,
  "H": 9.21, "I": 4.09, "J": 4.09, "K": 8.52, "L": 7.01, "M": 10.95, "N": 9.21, "O": 9.35, "P": 8.06, "Q": 9.35,
  "R": 8.47, "S": 7.92, "T": 7.5, "U": 8.93, "V": 8.51, "W": 12.13, "X": 8.48, "Y": 7.97, "Z": 7.98, "[": 5.03,
  "\\": 4.02, "]": 5.03, "^": 9.22, "_": 5.5, "`": 5.5, "a": 7.42, "b": 7.87, "c": 6.52, "d": 7.87, "e": 7.46,
  "f": 4.79, "g": 7.87, "h": 7.83, "i": 3.77, "j": 3.77, "k": 7.32, "l": 3.77, "m": 11.46, "n": 7.83, "o": 7.56,
  "p": 7.87, "q": 7.87, "r": 5.42, "s": 6.55, "t": 5.26, "u": 7.83, "v": 7.17, "w": 10.16, "x": 7.1, "y": 7.17,
  "z": 6.4, "{": 7.83, "|": 4.02, "}": 7.83, "~": 9.22, "·": 4.18, "–": 5.5, "—": 11, "…": 11,
};
