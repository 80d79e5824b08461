import { describe, expect, test } from "bun:test";
import { scoreArtifacts } from "../../src/analyzers/visibility/score-artifacts.ts";
import type { SiteSummary } from "../../src/analyzers/visibility/site-record-schema.ts";
import { templateChanges } from "../../src/reports/template-changes.ts";
import { sixTemplateSite } from "../analyzers/visibility/site/six-template-site.ts";

const record = scoreArtifacts("example.com", sixTemplateSite(), new Date("2026-11-28T12:00:00Z"));
const site = record.result!.site!;
const withSite = (summary: SiteSummary) => ({ ...record, result: { ...record.result!, site: summary } });

/** The same site after its owner server-rendered the blog: no app shells, every platform reads it. */
function blogFixed(summary: SiteSummary): SiteSummary {
  return {
    ...summary,
    templates: summary.templates.map((entry) => (entry.template === "/blog/<slug>" ? { ...entry, sound: entry.sampled, issues: [] } : entry)),
    reach: summary.reach.map((platform) => ({ ...platform, templates: platform.templates.map((entry) => (entry.template === "/blog/<slug>" ? { ...entry, read: entry.judged, cause: null } : entry)) })),
  };
}

describe("changes per template between two site-wide scans", () => {
  test("the same summary twice: nothing changed", () => {
    expect(templateChanges(record, record)).toEqual({ changed: [], added: [], dropped: [] });
  });

  test("a template fixed reads as better, with what went and who reads more of it", () => {
    const changes = templateChanges(record, withSite(blogFixed(site)))!;
    expect(changes.changed).toHaveLength(1);
    const blog = changes.changed[0]!;
    expect(blog).toMatchObject({ template: "/blog/<slug>", direction: "better", appeared: [], reachLost: [] });
    expect(blog.fixed).toContain("app-shell");
    expect(blog.reachGained).toContain("ChatGPT");
    expect(blog.sound.now).toBe(1);
    expect(blog.sound.before).toBeLessThan(0.5);
  });

  test("the reverse reads as worse, naming the new finding and its example pages", () => {
    const changes = templateChanges(withSite(blogFixed(site)), record)!;
    const blog = changes.changed.find((change) => change.template === "/blog/<slug>")!;
    expect(blog.direction).toBe("worse");
    const shells = blog.appeared.find((issue) => issue.id === "app-shell")!;
    expect(shells.examples[0]).toStartWith("https://example.com/blog/");
    expect(blog.reachLost).toContain("ChatGPT");
  });

  test("templates sampled by only one scan are named, not compared; a record without a summary compares nothing", () => {
    const fewer = { ...site, templates: site.templates.filter((entry) => entry.template !== "/tag/<name>") };
    expect(templateChanges(withSite(fewer), record)!.added).toEqual(["/tag/<name>"]);
    expect(templateChanges(record, withSite(fewer))!.dropped).toEqual(["/tag/<name>"]);
    expect(templateChanges({ ...record, result: { ...record.result!, site: undefined } }, record)).toBeNull();
    expect(templateChanges({ result: { site: { hostile: true } } }, record)).toBeNull();
  });
});
