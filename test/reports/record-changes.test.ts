import { describe, expect, test } from "bun:test";
import { recordChanges, visibilityFindings, type Finding } from "../../src/reports/record-changes.ts";
import { failedRecordFor, okRecord } from "../web/record-fixtures.ts";

const finding = (id: string, status: Finding["status"]): Finding => ({ id, title: `Check ${id}`, status });

describe("recordChanges", () => {
  test("an issue that passes now is fixed; a pass (or n/a) that fails or warns now is new", () => {
    const previous = [finding("a", "fail"), finding("b", "warn"), finding("c", "pass"), finding("d", "na"), finding("e", "pass")];
    const current = [finding("a", "pass"), finding("b", "pass"), finding("c", "fail"), finding("d", "warn"), finding("e", "pass")];
    const changes = recordChanges(previous, current);
    expect(changes.fixed.map((change) => change.id)).toEqual(["a", "b"]);
    expect(changes.appeared.map((change) => [change.id, change.from, change.to])).toEqual([["c", "pass", "fail"], ["d", "na", "warn"]]);
    expect(changes.regraded).toEqual([]);
    expect(changes.fixed[0]).toEqual({ id: "a", title: "Check a", from: "fail", to: "pass" });
  });

  test("warn ↔ fail is a regrade, not a fix or a new issue", () => {
    const changes = recordChanges([finding("a", "warn"), finding("b", "fail")], [finding("a", "fail"), finding("b", "warn")]);
    expect(changes.regraded.map((change) => [change.id, change.to])).toEqual([["a", "fail"], ["b", "warn"]]);
    expect(changes.fixed).toEqual([]);
    expect(changes.appeared).toEqual([]);
  });

  test("audits only one record has, and audits that could not be judged, say nothing about the site", () => {
    const changes = recordChanges(
      [finding("gone", "fail"), finding("was-unknown", "unknown"), finding("now-unknown", "fail")],
      [finding("added", "fail"), finding("was-unknown", "fail"), finding("now-unknown", "unknown")],
    );
    expect(changes).toEqual({ fixed: [], appeared: [], regraded: [] });
  });

  test("identical records change nothing", () => {
    const findings = visibilityFindings(okRecord("same.test", 70));
    expect(recordChanges(findings, findings)).toEqual({ fixed: [], appeared: [], regraded: [] });
  });
});

describe("visibilityFindings", () => {
  test("reads every signal of every pillar of a record, in order", () => {
    const findings = visibilityFindings(okRecord("one.test", 70));
    expect(findings.length).toBe(14);
    expect(findings[0]).toEqual({ id: "access-one", title: "Access for AI crawlers check", status: "pass" });
    expect(findings[1]).toMatchObject({ id: "access-two", status: "fail" });
  });

  test("a failed record, a record of another shape and junk signals give no findings", () => {
    expect(visibilityFindings(failedRecordFor("down.test", "No answer."))).toEqual([]);
    expect(visibilityFindings({ result: { pillars: "nope" } })).toEqual([]);
    expect(visibilityFindings(null)).toEqual([]);
    expect(visibilityFindings({ result: { pillars: [{ signals: [{ id: 1, title: "x", status: "pass" }, { id: "ok", title: "Fine", status: "bogus" }] }] } })).toEqual([]);
  });

  test("two real records: the failing check fixed and a passing one broken show up as fixed and new", () => {
    const before = okRecord("two.test", 60);
    const after = okRecord("two.test", 70);
    after.result!.pillars[0]!.signals[1]!.status = "pass";
    after.result!.pillars[2]!.signals[0]!.status = "warn";
    const changes = recordChanges(visibilityFindings(before), visibilityFindings(after));
    expect(changes.fixed.map((change) => change.id)).toEqual([`${before.result!.pillars[0]!.id}-two`]);
    expect(changes.appeared.map((change) => change.id)).toEqual([`${before.result!.pillars[2]!.id}-one`]);
  });
});
