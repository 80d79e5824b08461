import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { safeUrl } from "../../src/web/html.ts";
import { renderVisibilityReport } from "../../src/web/visibility/report-page.ts";
import type { StoredScan } from "../../src/store/scans-repo.ts";
import { okRecord } from "./record-fixtures.ts";

/** Where a browser would go from a page of ours when it follows `href`. */
function destination(href: string): string {
  return new URL(href, "https://scan.example.org/report/example.com").origin;
}

describe("safeUrl", () => {
  test("http(s), mailto and same-site relative links survive", () => {
    expect(safeUrl("https://www.wikidata.org/wiki/Q42")).toBe("https://www.wikidata.org/wiki/Q42");
    expect(safeUrl("mailto:someone@example.com")).toBe("mailto:someone@example.com");
    expect(safeUrl(" /report/example.com ")).toBe("/report/example.com");
    expect(safeUrl("?page=2")).toBe("?page=2");
    expect(safeUrl("#top")).toBe("#top");
  });

  test("script schemes, hidden by tabs or line breaks or not, become #", () => {
    for (const url of ["javascript:alert(1)", "java\tscript:alert(1)", "java\nscript:alert(1)", " data:text/html,x", "vbscript:x"]) expect(safeUrl(url)).toBe("#");
  });

  test("links that a browser reads as protocol-relative (another site) are not same-site paths", () => {
    for (const url of ["//evil.example/", "/\\evil.example/", "/\t/evil.example/", "/\n/evil.example/", "\\\\evil.example", "/\r\\evil.example"]) {
      const safe = safeUrl(url);
      expect(destination(safe)).toBe("https://scan.example.org");
    }
  });

  test("a report's off-site link cannot lead to another site through a backslash", () => {
    const record = okRecord("example.com", 80);
    record.offSite!.wikidata = { status: "found", detail: "Entity.", url: "/\\evil.example/phish" };
    record.offSite!.wikipedia = { status: "found", detail: "Article.", url: "/\t/evil.example/phish" };
    const scan = { id: 1, domain: "example.com", status: "ok", recordJson: JSON.stringify(record) } as unknown as StoredScan;
    const context = { publicUrl: "https://scan.example.org", siteName: "sightline", challenge: { kind: "altcha" as const }, now: Date.parse("2026-11-20T13:00:00.000Z") };
    const { document } = parseHTML(`<!doctype html><html><body>${renderVisibilityReport(context, scan, false).body.value}</body></html>`);
    const offSiteLinks = Array.from(document.querySelectorAll(".offsite a")).map((link) => link.getAttribute("href") ?? "");
    expect(offSiteLinks.length).toBeGreaterThanOrEqual(2);
    for (const href of offSiteLinks) expect(destination(href)).toBe("https://scan.example.org");
  });
});
