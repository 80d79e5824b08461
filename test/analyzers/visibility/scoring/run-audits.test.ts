import { expect, test } from "bun:test";
import { runAudits } from "../../../../src/analyzers/visibility/scoring/run-audits.ts";
import type { AuditDefinition } from "../../../../src/analyzers/visibility/scoring/audit-definition.ts";
import { AUDITS, placeInTable } from "../../../../src/analyzers/visibility/scoring/audit-table.ts";
import { PILLARS } from "../../../../src/analyzers/visibility/scoring/pillars.ts";
import { homepage, site } from "../sample-site.ts";

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
  const rule = { id: "extra", title: "Extra", impact: "low" as const, run: () => ({ status: "pass" as const, score: 1, detail: "", evidence: [] }) };
  const rules = AUDITS.map(({ pillar: _pillar, weight: _weight, ...rest }) => rest);
  expect(placeInTable(rules).map((audit) => [audit.id, audit.pillar, audit.weight])).toEqual(AUDITS.map((audit) => [audit.id, audit.pillar, audit.weight]));
  expect(() => placeInTable([...rules, rule])).toThrow('The scoring table has no weight for "extra".');
  expect(() => placeInTable(rules.filter((entry) => entry.id !== "hsts"))).toThrow('The scoring table weighs "hsts" in trust, but no audit has that id.');
  for (const pillar of PILLARS) expect(Object.values(pillar.audits as Record<string, number>).reduce((sum, weight) => sum + weight, 0), pillar.id).toBe(100);
});
