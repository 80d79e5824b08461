import { describe, expect, test } from "bun:test";
import { isIsoDuration, rewriteNearDuration } from "../../../../src/analyzers/schema/validate/iso-duration.ts";

describe("ISO 8601 durations", () => {
  test("the designator format with optional parts, a fraction on the smallest part, and the week form are durations", () => {
    for (const text of ["PT33M", "P1DT2H", "PT0.5S", "P2W", "P1Y2M10DT2H30M", "P1Y", "P3M", "P40D", "PT1H", "PT1.5H", "PT0,5S", "P1.5W", "P0D", "PT0S", " PT30M "]) {
      expect([text, isIsoDuration(text)]).toEqual([text, true]);
    }
  });

  test("parts past their carry-over point and leading zeros are durations (real pages: nestle-family-com PT65M, wdr.de PT02M57S)", () => {
    for (const text of ["PT65M", "PT90M", "PT36H", "PT02M57S", "PT00M21S"]) expect([text, isIsoDuration(text)]).toEqual([text, true]);
  });

  test("no part, a T with no time part, a fraction before the smallest part, parts out of order, weeks with other parts, lower case and words are not", () => {
    const notDurations = ["", "P", "PT", "P1DT", "T30M", "30M", "PT30", "PT1.5H30M", "P1.5DT2H", "PT30M1H", "P1D2Y", "PT1D", "P1H", "P2W3D", "pt30m", "Pt30M", "PT 30M", "-PT5M", "P0000-00-01T02:30:00", "33 minutes", "1h30m", "PT1H30M.", "P1,5.5D"];
    for (const text of notDurations) expect([text, isIsoDuration(text)]).toEqual([text, false]);
  });

  test("every combination of parts, each whole or (when smallest) a fraction, is a duration; a fraction anywhere else is not", () => {
    const designators = ["Y", "M", "D", "H", "M", "S"];
    let checked = 0;
    for (let mask = 1; mask < 1 << designators.length; mask++) {
      const present = designators.map((_, index) => (mask & (1 << index)) !== 0);
      const last = present.lastIndexOf(true);
      for (const fractionAt of [-1, ...present.flatMap((on, index) => (on ? [index] : []))]) {
        let date = "";
        let time = "";
        for (let index = 0; index < designators.length; index++) {
          if (!present[index]) continue;
          const part = `${index === fractionAt ? "2.5" : "12"}${designators[index]}`;
          if (index < 3) date += part;
          else time += part;
        }
        const text = `P${date}${time === "" ? "" : `T${time}`}`;
        expect([text, isIsoDuration(text)]).toEqual([text, fractionAt === -1 || fractionAt === last]);
        checked++;
      }
    }
    expect(checked).toBe(255);
  });
});

describe("near durations, rewritten in the designator format", () => {
  test("lower case and spaces", () => {
    expect(rewriteNearDuration("pt30m")).toEqual({ kind: "lower-case", iso: "PT30M" });
    expect(rewriteNearDuration("p1dt2h")).toEqual({ kind: "lower-case", iso: "P1DT2H" });
    expect(rewriteNearDuration("PT 1H 30M")).toEqual({ kind: "spaced", iso: "PT1H30M" });
  });

  test("a T with no time part after it", () => {
    expect(rewriteNearDuration("P1DT")).toEqual({ kind: "time-designator-alone", iso: "P1D" });
    expect(rewriteNearDuration("p2wt")).toEqual({ kind: "time-designator-alone", iso: "P2W" });
    expect(rewriteNearDuration("PT")).toBeNull();
  });

  test("ISO 8601's alternative format, extended or basic, with or without the time; zero parts left out", () => {
    expect(rewriteNearDuration("P0000-00-01T02:30:00")).toEqual({ kind: "alternative-format", iso: "P1DT2H30M" });
    expect(rewriteNearDuration("P00000001T023000")).toEqual({ kind: "alternative-format", iso: "P1DT2H30M" });
    expect(rewriteNearDuration("P0001-02-00")).toEqual({ kind: "alternative-format", iso: "P1Y2M" });
    expect(rewriteNearDuration("P0000-00-00T00:00:30.5")).toEqual({ kind: "alternative-format", iso: "PT30.5S" });
    expect(rewriteNearDuration("P0000-00-00T00:00:00")).toEqual({ kind: "alternative-format", iso: "PT0S" });
  });

  test("an alternative format whose parts pass their carry-over points is not rewritten (ISO 8601 rules it out there)", () => {
    expect(rewriteNearDuration("P0000-13-00")).toBeNull();
    expect(rewriteNearDuration("P0000-00-00T01:75:00")).toBeNull();
  });

  test("a duration, and text that is no near duration, get nothing", () => {
    for (const text of ["PT30M", "33 minutes", "P", "1:30", "P2W3D"]) expect([text, rewriteNearDuration(text)]).toEqual([text, null]);
  });

  test("every rewrite is itself a duration", () => {
    for (const text of ["pt30m", "p2w", "PT 1H 30M", "p 1 d t 2 h", "P1DT", "P0000-00-01T02:30:00", "P00000001T023000", "P0001-02-00", "P0000-00-00T00:00:00"]) {
      const rewrite = rewriteNearDuration(text);
      expect([text, rewrite !== null && isIsoDuration(rewrite.iso)]).toEqual([text, true]);
    }
  });
});
