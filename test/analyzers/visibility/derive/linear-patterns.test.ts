/**
 * Every regular expression of the date and byline derivations runs in time linear in its input (issue
 * 30 found the old EDIT_CREDIT quadratic on a long run of spaces). For each pattern, the costliest of
 * many hostile inputs (runs of spaces, letters, digits, label words, separators, behind the prefixes that
 * arm the pattern) is fed at n and 100·n characters, and the time ratio, measured in this one run, must
 * stay near 100: a quadratic pattern gives about 10,000. No absolute time is asserted.
 */
import { describe, expect, test } from "bun:test";
import { ANY_STEM, LOOKALIKES } from "../../../../src/analyzers/visibility/derive/byline-markup.ts";
import { BY_LABEL, CAPITALISED, DIGIT_LED_NAME, LABEL_ONLY, LEADING_LABEL, LEADING_NUMBER, LINK_TO_AUTHORS, NAME_PARTS_SPLIT, ROLE_ONLY } from "../../../../src/analyzers/visibility/derive/byline-name.ts";
import { ANY_DATE_WORD, MICRODATA_DATE, MICROFORMAT_WORD } from "../../../../src/analyzers/visibility/derive/date-markup.ts";
import { LANGUAGE_TAG } from "../../../../src/analyzers/visibility/derive/date-order.ts";
import { CJK, COMPACT, DAY_FIRST_DOTS, DAY_MONTH_YEAR, ISO, MONTH_DAY_YEAR, NUMERIC_YEAR_LAST, YEAR_FIRST, ZONE } from "../../../../src/analyzers/visibility/derive/date-text.ts";
import { DATE_CHARACTERS, SEPARATOR } from "../../../../src/analyzers/visibility/derive/headline-byline.ts";
import { ARTICLE_FOOTER_WORDS, CREDIT_WORDS, EDIT_CREDIT, LEADING_TIMESTAMP } from "../../../../src/analyzers/visibility/derive/labelled-bylines.ts";
import { COLON_AFTER, DATE_PUNCTUATION, LABEL_PATTERNS, LABEL_START, LABEL_TAIL, LEADING_PREPOSITION } from "../../../../src/analyzers/visibility/derive/visible-dates.ts";

const PATTERNS: Record<string, RegExp> = {
  ISO, COMPACT, YEAR_FIRST, DAY_FIRST_DOTS, NUMERIC_YEAR_LAST, CJK, DAY_MONTH_YEAR, MONTH_DAY_YEAR, ZONE,
  LABEL_START, LABEL_TAIL, COLON_AFTER, LEADING_PREPOSITION, DATE_PUNCTUATION, ...Object.fromEntries(LABEL_PATTERNS.map((pattern, index) => [`LABELS[${index}]`, pattern])),
  LEADING_LABEL, LABEL_ONLY, ROLE_ONLY, BY_LABEL, LEADING_NUMBER, LINK_TO_AUTHORS, CAPITALISED, DIGIT_LED_NAME, NAME_PARTS_SPLIT,
  EDIT_CREDIT, LEADING_TIMESTAMP, CREDIT_WORDS, ARTICLE_FOOTER_WORDS, SEPARATOR, DATE_CHARACTERS,
  ANY_DATE_WORD, MICRODATA_DATE, MICROFORMAT_WORD, ANY_STEM, LOOKALIKES, LANGUAGE_TAG,
};

/** What arms a pattern before the repeated part: its labels, a date's first part, a by-line's start. */
const PREFIXES = ["", "Posted by", "(last edited 2019-11-10 by", "Published", "2020-01-01T10:00", "12.", "17/03/", "Dec", "1 de", "view", "1.1.1", "2020年"];
/** The repeated part: runs that overlapping quantifiers split many ways. */
const UNITS = [" ", "a", "A", "1", "1 ", "by ", ": ", ". ", " - ", "/", "年", "edited "];
/** What ends the input: nothing, or a character that makes a match fail at the very end. */
const SUFFIXES = ["", "(", "x1"];

const SCREEN = 40;
const SMALL = 400;
const FACTOR = 100;
/** Linear is ~100; quadratic ~10,000. Generous: timers, caches and a shared machine skew small runs. */
const MAX_RATIO = 1000;
/** Between the screening sizes (10×), a quadratic pattern shows ~100; linear ~10. */
const MAX_SCREEN_RATIO = 60;
/** Milliseconds each screening measure fills: enough to average out the timer, short enough for 432 shapes. */
const SCREEN_FILL = 0.2;

function runner(pattern: RegExp): (input: string) => void {
  const copy = new RegExp(pattern.source, pattern.flags);
  // A global pattern is used to scan all of a text (replace, split); one without is searched once.
  return copy.global ? (input) => void input.replace(copy, "") : (input) => void copy.exec(input);
}

/**
 * Milliseconds per call: the least of a few batches, each filling `fill` milliseconds. The least is what
 * the work costs; a batch that a collection or another process interrupted only reads longer.
 */
function perCall(run: (input: string) => void, input: string, fill = 3, rounds = 3): number {
  let least = Number.POSITIVE_INFINITY;
  for (let round = 0; round < rounds; round++) {
    let calls = 0;
    const start = performance.now();
    let elapsed = 0;
    do {
      run(input);
      calls++;
      elapsed = performance.now() - start;
    } while (elapsed < fill && calls < 100_000);
    least = Math.min(least, elapsed / calls);
  }
  return least;
}

interface Shape {
  prefix: string;
  unit: string;
  suffix: string;
}

/**
 * The time ratio between the shape at `size`·`factor` and at `size`, measured again (up to 4 times) while
 * it is over `bound`: the machine is shared, so one reading can be slowed by others' work, but a
 * super-linear pattern is over the bound every time.
 */
function leastRatio(run: (input: string) => void, shape: Shape, size: number, factor: number, bound: number, fill: number, rounds: number): { ratio: number; cost: number } {
  const small = hostile(shape.prefix, shape.unit, shape.suffix, size);
  const large = hostile(shape.prefix, shape.unit, shape.suffix, size * factor);
  let best = { ratio: Number.POSITIVE_INFINITY, cost: 0 };
  for (let attempt = 0; attempt < 4 && best.ratio >= bound; attempt++) {
    const cost = perCall(run, large, fill, rounds);
    const ratio = cost / perCall(run, small, fill, rounds);
    if (ratio < best.ratio) best = { ratio, cost };
  }
  return best;
}

const hostile = (prefix: string, unit: string, suffix: string, length: number) => prefix + unit.repeat(Math.ceil(length / unit.length)) + suffix;

describe("the date and byline patterns run in linear time on hostile input", () => {
  for (const [name, pattern] of Object.entries(PATTERNS)) {
    test(name, () => {
      const run = runner(pattern);
      // Screen every hostile shape at small sizes; the costliest few are measured at n and 100·n.
      const shapes = PREFIXES.flatMap((prefix) => UNITS.flatMap((unit) => SUFFIXES.map((suffix) => ({ prefix, unit, suffix }))));
      const screened = shapes.map((shape) => ({ shape, ...leastRatio(run, shape, SCREEN, 10, MAX_SCREEN_RATIO, SCREEN_FILL, 1) }));
      const worstScreen = screened.reduce((a, b) => (b.ratio > a.ratio ? b : a));
      expect({ name, shape: worstScreen.shape, linear: worstScreen.ratio < MAX_SCREEN_RATIO }).toEqual({ name, shape: worstScreen.shape, linear: true });
      for (const { shape } of [...screened].sort((a, b) => b.cost - a.cost).slice(0, 3)) {
        const { ratio } = leastRatio(run, shape, SMALL, FACTOR, MAX_RATIO, 3, 3);
        expect({ name, shape, linear: ratio < MAX_RATIO }).toEqual({ name, shape, linear: true });
      }
    });
  }

  test("the harness tells a quadratic pattern (issue 30's EDIT_CREDIT) from a linear one", () => {
    const quadratic = /(?:^|[\s(])(?:last\s+)?(?:edited|updated|modified|revised)\b[^()]{0,40}?\bby\b\s*[:：]?\s*([^()]*?)\)?$/i;
    const run = runner(quadratic);
    const input = (length: number) => hostile("(last edited 2019-11-10 by", " ", "(", length);
    expect(perCall(run, input(SCREEN * 10)) / perCall(run, input(SCREEN))).toBeGreaterThan(MAX_SCREEN_RATIO);
  });
});
