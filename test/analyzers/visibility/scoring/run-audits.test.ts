import { describe, expect, test } from "bun:test";
import { runAudits } from "../../../../src/analyzers/visibility/scoring/run-audits.ts";
import type { AuditDefinition } from "../../../../src/analyzers/visibility/scoring/audit-definition.ts";
import { AUDITS, placeInTable } from "../../../../src/analyzers/visibility/scoring/audit-table.ts";
import { PILLARS } from "../../../../src/analyzers/visibility/scoring/pillars.ts";
import { readableHomepage } from "../../../../src/analyzers/visibility/derive/homepage-document.ts";
import { cutNotice, robotsPolicy } from "../../../../src/analyzers/visibility/derive/robots/robots-policy.ts";
import { homepage, offsite, probes, robots, site } from "../sample-site.ts";

test("runs every registered audit in order", () => {
  expect(runAudits(site()).map((entry) => entry.audit.id)).toEqual(AUDITS.map((audit) => audit.id));
});

test("an audit that throws on hostile input is reported as unknown instead of failing the scan", () => {
  const throwing: AuditDefinition = {
    id: "explodes",
    title: "Explodes",
    pillar: "content",
    weight: 10,
    impact: "low",
    requires: [],
    run: () => {
      throw new RangeError("Maximum call stack size exceeded");
    },
  };
  const [entry] = runAudits(site(), [throwing]);
  expect(entry!.outcome).toEqual({ status: "unknown", score: null, detail: "This check could not be completed (Maximum call stack size exceeded).", evidence: [] });
});

test("an audit whose declared input is missing is unknown with the reason, decided by the runner without running it", () => {
  let ran = 0;
  const needs = (requires: AuditDefinition["requires"]): AuditDefinition => ({ id: "needs", title: "Needs", pillar: "content", weight: 10, impact: "low", requires, run: () => (ran++, { status: "pass", score: 1, detail: "ran", evidence: [] }) });
  const cases: [AuditDefinition["requires"], ReturnType<typeof site>, string][] = [
    [["readable-homepage"], site({ homepage: homepage({ status: 503 }) }), "The homepage answered HTTP 503, so its HTML was not judged."],
    [["offsite"], site({ offsite: null }), "Off-site checks are turned off on this server (OFFSITE_CHECKS=off). This signal does not count toward the score."],
    [["sitemap"], site({ sitemap: undefined }), "The sitemap was not requested in this scan."],
    [["sample-pages", "llms-txt"], site({ samplePages: undefined, llmsTxt: undefined }), "Linked pages were not fetched in this scan."],
  ];
  for (const [requires, artifacts, reason] of cases) {
    expect(runAudits(artifacts, [needs(requires)])[0]!.outcome).toEqual({ status: "unknown", score: null, detail: reason, evidence: [] });
  }
  expect(ran).toBe(0);
  expect(runAudits(site(), [needs(["readable-homepage", "readable-pages", "sitemap", "llms-txt", "llms-full-txt", "sample-pages", "offsite"])])[0]!.outcome.detail).toBe("ran");
});

test("audits take their pillar and weight from the scoring table; a rule it does not weigh, or a weight without a rule, fails at start", () => {
  const rule = { id: "extra", title: "Extra", impact: "low" as const, requires: [], run: () => ({ status: "pass" as const, score: 1, detail: "", evidence: [] }) };
  const rules = AUDITS.map(({ pillar: _pillar, weight: _weight, ...rest }) => rest);
  expect(placeInTable(rules).map((audit) => [audit.id, audit.pillar, audit.weight])).toEqual(AUDITS.map((audit) => [audit.id, audit.pillar, audit.weight]));
  expect(() => placeInTable([...rules, rule])).toThrow('The scoring table has no weight for "extra".');
  expect(() => placeInTable(rules.filter((entry) => entry.id !== "hsts"))).toThrow('The scoring table weighs "hsts" in trust, but no audit has that id.');
  for (const pillar of PILLARS) expect(Object.values(pillar.audits as Record<string, number>).reduce((sum, weight) => sum + weight, 0), pillar.id).toBe(100);
});

describe("the inputs an audit declares", () => {
  const LOOP = { ok: false as const, error: { code: "too-many-redirects" as const, message: "loop", url: "https://example.com/" }, failedAttempts: [] };
  const rule = (requires: AuditDefinition["requires"], extra: Partial<AuditDefinition> = {}): AuditDefinition => ({
    id: "reads",
    title: "Reads",
    pillar: "content",
    weight: 10,
    impact: "low",
    requires,
    run: (_artifacts, inputs) => ({ status: "pass", score: 1, detail: Object.keys(inputs).join(","), evidence: [] }),
    ...extra,
  });
  const detail = (audit: AuditDefinition, artifacts: ReturnType<typeof site>) => runAudits(artifacts, [audit])[0]!.outcome.detail;

  test("each kind that is missing says why, and the audit does not run", () => {
    const cases: [AuditDefinition["requires"], ReturnType<typeof site>, string][] = [
      [["homepage-response"], site({ homepage: LOOP }), "The homepage could not be loaded."],
      [["homepage-success"], site({ homepage: homepage({ status: 403 }) }), "The homepage answered HTTP 403, so its headers say nothing about the site."],
      [["homepage-structure"], site({ homepage: homepage({ status: 404 }) }), "The homepage answered HTTP 404, so its HTML was not judged."],
      [["robots-policy"], site({ robotsTxt: { ok: false, url: "https://example.com/", error: { code: "skipped", message: "not requested", url: "https://example.com/" } } }), "not requested"],
      [["probes"], site({ probes: undefined }), "The homepage was not fetched as AI crawlers in this scan."],
      [["offsite", "offsite-wikidata"], site({ offsite: offsite({ wikidata: { status: "unknown", detail: "Wikidata did not answer.", url: null } }) }), "Wikidata did not answer. This signal does not count toward the score."],
    ];
    for (const [requires, artifacts, reason] of cases) expect(runAudits(artifacts, [rule(requires)])[0]!.outcome).toEqual({ status: "unknown", score: null, detail: reason, evidence: [] });
  });

  test("an audit's own words for a missing input replace the input's reason, for that input only", () => {
    const audit = rule(["homepage-response", "sitemap"], { missing: { "homepage-response": "The homepage could not be loaded, so its size is unknown." } });
    expect(detail(audit, site({ homepage: LOOP }))).toBe("The homepage could not be loaded, so its size is unknown.");
    expect(detail(audit, site({ sitemap: undefined }))).toBe("The sitemap was not requested in this scan.");
  });

  test("the audit is handed what it declared, resolved, and nothing else", () => {
    const artifacts = site({ probes: probes(), offsite: offsite() });
    let handed: Record<string, unknown> = {};
    const audit = rule(["readable-homepage", "robots-policy", "probes", "homepage-success", "offsite-common-crawl"], {
      run: (_artifacts, inputs) => {
        handed = { ...inputs };
        return { status: "pass", score: 1, detail: "", evidence: [] };
      },
    });
    runAudits(artifacts, [audit]);
    expect(Object.keys(handed)).toEqual(["readable-homepage", "robots-policy", "probes", "homepage-success", "offsite-common-crawl"]);
    expect(handed["readable-homepage"]).toBe(readableHomepage(artifacts));
    expect(handed["robots-policy"]).toBe(robotsPolicy(artifacts));
    expect(handed["homepage-success"]).toBe(artifacts.homepage);
    expect(handed["offsite-common-crawl"]).toBe(artifacts.offsite!.commonCrawl);
    expect(detail(rule([]), artifacts)).toBe("");
  });

  test("the runner adds the notes an audit asks for, to whatever it concludes", () => {
    const cut = site({ robotsTxt: robots({ text: "User-agent: *\nDisallow: /private\nUser-agent: OAI-SearchBot\nDisallow: /", truncated: true }) });
    const notice = cutNotice(robotsPolicy(cut))!;
    expect(notice).toContain("robots.txt");
    expect(detail(rule([], { notes: ["robots-cut"] }), cut)).toBe(` ${notice}`);
    expect(runAudits(cut, [rule([], { notes: ["robots-cut"] })])[0]!.outcome.evidence).toEqual([notice]);
    expect(detail(rule([]), cut)).toBe("");
    expect(detail(rule([], { notes: ["robots-cut"] }), site())).toBe("");
  });
});
