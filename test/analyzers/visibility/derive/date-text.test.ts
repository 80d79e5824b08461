import { describe, expect, test } from "bun:test";
import { dateOrderOfTag } from "../../../../src/analyzers/visibility/derive/date-order.ts";
import { isoDay, parseDateText, startsWithDate } from "../../../../src/analyzers/visibility/derive/date-text.ts";

const instant = (text: string) => {
  const parsed = parseDateText(text);
  return parsed ? new Date(parsed.time).toISOString() : null;
};

describe("parseDateText", () => {
  test("ISO 8601 dates and times, with the zones pages write", () => {
    expect(parseDateText("2016-09-19")).toEqual({ time: Date.UTC(2016, 8, 19), precision: "day" });
    expect(instant("2016-09-19T11:46:01.000Z")).toBe("2016-09-19T11:46:01.000Z");
    expect(instant("2020-04-07T17:10:46-07:00")).toBe("2020-04-08T00:10:46.000Z");
    expect(instant("2019-06-17T18:28:00+0200")).toBe("2019-06-17T16:28:00.000Z");
    expect(instant("2017-03-01 14:27:02 +0800")).toBe("2017-03-01T06:27:02.000Z");
    // Seen on a large news site: a zone without its leading zero.
    expect(instant("2018-10-29T10:15-500")).toBe("2018-10-29T15:15:00.000Z");
    // No zone: read as UTC, the same on every machine.
    expect(instant("2025-06-30 15:59")).toBe("2025-06-30T15:59:00.000Z");
  });

  test("compact dates (20161219080000) and dates written for people", () => {
    expect(instant("20161219080000")).toBe("2016-12-19T08:00:00.000Z");
    expect(isoDay(parseDateText("Published: 2017-03-01")!.time)).toBe("2017-03-01");
    expect(isoDay(parseDateText("26.02.2020")!.time)).toBe("2020-02-26");
    expect(isoDay(parseDateText("erstellt:  01. April 2025, 15:25")!.time)).toBe("2025-04-01");
    expect(isoDay(parseDateText(", le  15 septembre 2009")!.time)).toBe("2009-09-15");
    expect(isoDay(parseDateText("Oct 13, 2016")!.time)).toBe("2016-10-13");
    expect(isoDay(parseDateText("December 16th 2016")!.time)).toBe("2016-12-16");
    expect(isoDay(parseDateText("2019年4月27日")!.time)).toBe("2019-04-27");
    expect(isoDay(parseDateText("2019/02/22 17:23")!.time)).toBe("2019-02-22");
    expect(parseDateText("19 March 2021")?.precision).toBe("day");
  });

  test("no date where the text holds none, or an ambiguous or impossible one", () => {
    for (const text of ["", "5 hours ago", "1", "03/04/2016", "2019-02-30", "0001-01-01", "9999-12-31", "Updated recently", "32.01.2020"]) {
      expect(parseDateText(text)).toBeNull();
    }
  });
});

test("numeric dates with slashes: the one real reading, else the page's order, else none", () => {
  const day = (text: string, order?: "dmy" | "mdy") => {
    const parsed = parseDateText(text, { order });
    return parsed ? isoDay(parsed.time) : null;
  };
  expect(day("17/03/2020")).toBe("2020-03-17");
  expect(day("03/17/2020")).toBe("2020-03-17");
  expect(day("03/04/2020")).toBeNull();
  expect(day("03/04/2020", "dmy")).toBe("2020-04-03");
  expect(day("03/04/2020", "mdy")).toBe("2020-03-04");
  expect(day("04/04/2020")).toBe("2020-04-04");
  expect(day("9/21/2016 Lizette Borreli")).toBe("2016-09-21");
  expect(day("31/02/2020", "dmy")).toBeNull();
  expect(day("13/13/2020")).toBeNull();
  expect(day("1/2/3/2020")).toBeNull();
  expect(day("２０２０年７月１２日")).toBe("2020-07-12");
  expect(day("12 maart 2022")).toBe("2022-03-12");
  expect(day("5 de março de 2019")).toBe("2019-03-05");
});

test("dateOrderOfTag: month first in the United States, day first elsewhere, none for plain English and CJK", () => {
  expect(dateOrderOfTag("en-US")).toBe("mdy");
  expect(dateOrderOfTag("en_us")).toBe("mdy");
  expect(dateOrderOfTag("en-GB")).toBe("dmy");
  expect(dateOrderOfTag("de-DE")).toBe("dmy");
  expect(dateOrderOfTag("fr")).toBe("dmy");
  expect(dateOrderOfTag("en")).toBeNull();
  expect(dateOrderOfTag("ja")).toBeNull();
  expect(dateOrderOfTag("")).toBeNull();
});

test("startsWithDate: a byline that opens with its timestamp", () => {
  expect(startsWithDate("Dec 1st 2016 1:01PM")).toBe(true);
  expect(startsWithDate("1. Mai 2020")).toBe(true);
  expect(startsWithDate("Jane Doe, Dec 1 2016")).toBe(false);
  expect(startsWithDate("May Smith")).toBe(false);
});
