/**
 * Badge geometry and text alternatives: each half is as wide as its text in the font the badge
 * names (the bold message measured as bold) plus the padding on both sides, so long texts do not
 * touch the edge; the SVG's title follows the record it was drawn from. The pixel check against a
 * real browser's text measurement is in test/browser/not-found-and-badge.test.ts.
 */
import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { BADGE_PADDING, badgeEmbedAlt, renderBadge, textWidth } from "../../src/web/badge.ts";
import { visibilityWeb } from "../../src/web/visibility/visibility-web.ts";
import { schemaWeb } from "../../src/web/schema/schema-web.ts";
import type { BadgeContent } from "../../src/web/service-web.ts";
import type { StoredScan } from "../../src/store/scans-repo.ts";
import { failedRecordFor, okRecord } from "./record-fixtures.ts";

function halves(content: BadgeContent) {
  const { document } = parseHTML(renderBadge(content));
  const rects = Array.from(document.querySelectorAll("g[clip-path] rect"));
  const svg = document.querySelector("svg")!;
  return {
    label: Number(rects[0]!.getAttribute("width")),
    message: Number(rects[1]!.getAttribute("width")),
    total: Number(svg.getAttribute("width")),
    title: document.querySelector("title")!.textContent,
  };
}

const stored = (record: ReturnType<typeof okRecord>, id = 1): StoredScan =>
  ({ id, domain: record.domain, status: record.status, score: record.result?.score ?? null, recordJson: JSON.stringify(record) }) as unknown as StoredScan;

describe("badge widths fit their text", () => {
  const contents: BadgeContent[] = [
    visibilityWeb.badge(null),
    visibilityWeb.badge(stored(failedRecordFor("down.test", "refused"))),
    visibilityWeb.badge(stored(okRecord("a.test", 100))),
    visibilityWeb.badge(stored(okRecord("f.test", 8))),
    schemaWeb.badge(null),
    { label: "rich results", message: "999 eligible · 999 errors", grade: "D", title: "long" },
    { label: "AI visibility", message: "WWWWW mmmmm", grade: null, title: "wide letters" },
  ];
  for (const content of contents) {
    test(`"${content.label}" | "${content.message}"`, () => {
      const drawn = halves(content);
      expect(drawn.label).toBe(textWidth(content.label, "normal") + 2 * BADGE_PADDING);
      expect(drawn.message).toBe(textWidth(content.message, "bold") + 2 * BADGE_PADDING);
      expect(drawn.total).toBe(drawn.label + drawn.message);
    });
  }

  test("bold text is measured as bold: the message half of 'scan failed' is wider than the same text set regular", () => {
    expect(textWidth("scan failed", "bold")).toBeGreaterThan(textWidth("scan failed", "normal"));
    // DejaVu Sans Bold sets "scan failed" at 67.3 px in 11 px type; the old regular-width estimate gave 59.
    expect(textWidth("scan failed", "bold")).toBeGreaterThanOrEqual(68);
  });

  test("characters outside the table count as the widest, so a badge can only be too wide, never clipped", () => {
    expect(textWidth("日本", "normal")).toBeGreaterThanOrEqual(2 * textWidth("W", "normal") - 1);
  });
});

describe("badge text alternatives", () => {
  test("the SVG's title follows the record it was drawn from", () => {
    expect(halves(visibilityWeb.badge(stored(okRecord("site.test", 78)))).title).toBe("AI visibility of site.test: grade B, 78 of 100");
    expect(halves(visibilityWeb.badge(stored(okRecord("site.test", 93), 2))).title).toBe("AI visibility of site.test: grade A, 93 of 100");
  });

  test("the alt text to embed names the domain and what is measured, and no score a later scan would falsify", () => {
    const alt = badgeEmbedAlt("AI visibility", "site.test");
    expect(alt).toBe("AI visibility score of site.test");
    expect(alt).not.toMatch(/\d/);
  });
});
