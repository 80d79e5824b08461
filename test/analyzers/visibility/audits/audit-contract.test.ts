import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { AUDITS } from "../../../../src/analyzers/visibility/scoring/audit-table.ts";
import { PILLAR_IDS } from "../../../../src/analyzers/visibility/scoring/pillars.ts";
import { SITES } from "./audit-sites.ts";

describe("every audit keeps the audit contract on every hand-made site", () => {
  for (const audit of AUDITS) {
    test(audit.id, () => {
      for (const [name, artifacts] of Object.entries(SITES)) {
        const outcome = runAudit(audit, artifacts);
        const where = `${audit.id} on "${name}": ${JSON.stringify(outcome)}`;
        expect(outcome.detail.length, where).toBeGreaterThan(0);
        expect(Array.isArray(outcome.evidence), where).toBe(true);
        if (outcome.status === "na" || outcome.status === "unknown") {
          expect(outcome.score, where).toBeNull();
          continue;
        }
        expect(outcome.score, where).not.toBeNull();
        expect(outcome.score!, where).toBeGreaterThanOrEqual(0);
        expect(outcome.score!, where).toBeLessThanOrEqual(1);
        if (outcome.status === "pass") expect(outcome.score, where).toBe(1);
        else expect(outcome.score!, where).toBeLessThan(1);
        if (outcome.score! < 1) {
          expect(outcome.fix, where).toBeDefined();
          expect(outcome.fix!.what.length, where).toBeGreaterThan(0);
          expect(outcome.fix!.why.length, where).toBeGreaterThan(0);
          expect(outcome.fix!.how.length, where).toBeGreaterThan(0);
          expect(["S", "M", "L"], where).toContain(outcome.fix!.effort);
        }
        if (outcome.blocking) expect(outcome.status, where).toBe("fail");
      }
    });
  }

  test("the hand-made sites exercise every status that matters", () => {
    const statuses = new Set(AUDITS.flatMap((audit) => Object.values(SITES).map((artifacts) => runAudit(audit, artifacts).status)));
    expect([...statuses].sort()).toEqual(["fail", "na", "pass", "unknown", "warn"]);
    const belowOne = AUDITS.filter((audit) => Object.values(SITES).some((artifacts) => (runAudit(audit, artifacts).score ?? 1) < 1)).map((audit) => audit.id);
    // Every scored audit can find a problem on at least one hand-made site, so its fix was checked above.
    expect(belowOne.sort()).toEqual(AUDITS.filter((audit) => audit.weight > 0).map((audit) => audit.id).sort());
  });
});

describe("the audit registry", () => {
  test("the weights of each pillar's audits sum to 100", () => {
    for (const pillar of PILLAR_IDS) expect(AUDITS.filter((audit) => audit.pillar === pillar).reduce((sum, audit) => sum + audit.weight, 0), pillar).toBe(100);
  });

  test("ids are stable kebab-case, unique, and match the file that defines them", () => {
    const ids = AUDITS.map((audit) => audit.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const audit of AUDITS) {
      expect(audit.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(PILLAR_IDS).toContain(audit.pillar);
      expect(audit.weight).toBeGreaterThanOrEqual(0);
      expect(audit.title.length).toBeGreaterThan(0);
    }
  });

  test("lists every audit file under audits/<pillar>/", () => {
    const root = join(import.meta.dir, "../../../../src/analyzers/visibility/audits");
    const files = PILLAR_IDS.flatMap((pillar) => {
      try {
        return readdirSync(join(root, pillar))
          .filter((file) => file.endsWith(".ts"))
          .map((file) => `${pillar}/${file.slice(0, -3)}`);
      } catch {
        return [];
      }
    });
    expect(AUDITS.map((audit) => `${audit.pillar}/${audit.id}`).sort()).toEqual(files.sort());
  });
});
