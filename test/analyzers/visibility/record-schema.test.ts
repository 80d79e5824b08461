import { describe, expect, test } from "bun:test";
import type { TSchema } from "@sinclair/typebox";
import { Value } from "@sinclair/typebox/value";
import { VisibilityRecordSchema } from "../../../src/analyzers/visibility/record-schema.ts";
import { scoreArtifacts } from "../../../src/analyzers/visibility/score-artifacts.ts";
import { site, siteWithRobots } from "./sample-site.ts";

const NOW = new Date("2025-05-01T12:00:00Z");

describe("VisibilityRecordSchema", () => {
  test("accepts scored records, including a gated one", () => {
    expect(Value.Check(VisibilityRecordSchema, scoreArtifacts("example.com", site(), NOW))).toBe(true);
    expect(Value.Check(VisibilityRecordSchema, scoreArtifacts("example.com", siteWithRobots("User-agent: *\nDisallow: /"), NOW))).toBe(true);
  });

  test("rejects records that break the interface", () => {
    const good = scoreArtifacts("example.com", site(), NOW);
    const broken = [
      { ...good, status: "partial" },
      { ...good, scannedAt: "yesterday" },
      { ...good, result: { ...good.result!, grade: "E" } },
      { ...good, result: { ...good.result!, score: 101 } },
      { ...good, result: { ...good.result!, pillars: [{ ...good.result!.pillars[0]!, score: 55.5 }] } },
      { ...good, result: { ...good.result!, topIssues: [{ id: "x", title: "x", status: "pass", impact: "low", detail: "", fix: { what: "", why: "", how: "", effort: "S" } }] } },
      { ...good, offSite: { wikidata: { status: "found", detail: "", url: null } } },
      { domain: "example.com", status: "ok", scannedAt: good.scannedAt, result: good.result },
    ];
    for (const record of broken) expect(Value.Check(VisibilityRecordSchema, record)).toBe(false);
  });

  test("accepts an off-site section of the documented shape", () => {
    const check = { status: "not_found", detail: "No Wikidata item.", url: null };
    const record = { ...scoreArtifacts("example.com", site(), NOW), offSite: { wikidata: check, wikipedia: check, commonCrawl: { status: "found", detail: "12 captures", url: "https://index.commoncrawl.org/" } } };
    expect(Value.Check(VisibilityRecordSchema, record)).toBe(true);
  });

  test("every field carries a description for the OpenAPI document", () => {
    const undocumented: string[] = [];
    const visit = (schema: TSchema, path: string) => {
      if (path !== "" && typeof schema.description !== "string" && !/(?:\[\]|\|)$/.test(path)) undocumented.push(path);
      for (const [name, property] of Object.entries((schema.properties ?? {}) as Record<string, TSchema>)) visit(property, `${path}.${name}`);
      if (schema.items) visit(schema.items as TSchema, `${path}[]`);
      for (const member of (schema.anyOf ?? []) as TSchema[]) if (member.type === "object") visit(member, `${path}|`);
    };
    visit(VisibilityRecordSchema, "");
    expect(undocumented).toEqual([]);
  });
});
