import { expect, test } from "bun:test";
import { runAudits } from "../../../../src/analyzers/visibility/audits/run-audits.ts";
import type { AuditDefinition } from "../../../../src/analyzers/visibility/audits/audit.ts";
import { AUDITS } from "../../../../src/analyzers/visibility/audits/registry.ts";
import { site } from "../sample-site.ts";

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
