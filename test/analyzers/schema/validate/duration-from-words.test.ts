import { describe, expect, test } from "bun:test";
import { isoDurationOfWords } from "../../../../src/analyzers/schema/validate/duration-from-words.ts";
import { isIsoDuration } from "../../../../src/analyzers/schema/validate/iso-duration.ts";

const WRITTEN: [string, string][] = [
  ["33 minutes", "PT33M"],
  ["1 hour 30 mins", "PT1H30M"],
  ["1h30m", "PT1H30M"],
  ["90 min", "PT90M"],
  ["1H30M", "PT1H30M"],
  ["1 hour, 30 minutes", "PT1H30M"],
  ["1 hour and 30 minutes", "PT1H30M"],
  ["1 h 30", "PT1H30M"],
  ["1h30", "PT1H30M"],
  ["30 min.", "PT30M"],
  ["3 mins 20 secs", "PT3M20S"],
  ["1.5 hours", "PT1.5H"],
  ["1,5 Stunden", "PT1.5H"],
  ["45 Minuten", "PT45M"],
  ["2 heures 15 minutes", "PT2H15M"],
  ["2 days", "P2D"],
  ["1 day 4 hours", "P1DT4H"],
  ["1 week", "P1W"],
  ["6 months", "P6M"],
  ["2 years", "P2Y"],
];

describe("durations as people write them", () => {
  test("become the ISO 8601 duration to write", () => {
    for (const [text, iso] of WRITTEN) expect([text, isoDurationOfWords(text)]).toEqual([text, iso]);
  });

  test("every duration given is itself valid ISO 8601", () => {
    for (const [text] of WRITTEN) expect([text, isIsoDuration(isoDurationOfWords(text)!)]).toEqual([text, true]);
  });

  test("a lone \"m\", minutes or months, is read only after hours; ranges, approximations, clock readings, numbers without unit, unknown units, units out of order or twice give nothing to suggest", () => {
    const unclear = ["30m", "36M", "30-40 minutes", "about 30 minutes", "1:30", "01:30:00", "30", "30 portions", "30 minutes de cuisson", "30 minutes 1 hour", "10 min 5 min", "1.5 hours 30 min", "1 week 2 days", "", "minutes", "30 Min. ca."];
    for (const text of unclear) expect([text, isoDurationOfWords(text)]).toEqual([text, null]);
  });
});
