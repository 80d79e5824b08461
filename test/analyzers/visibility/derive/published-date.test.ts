import { describe, expect, test } from "bun:test";
import { parseHtml } from "../../../../src/analyzers/structured-data/html-document.ts";
import { isoDay } from "../../../../src/analyzers/visibility/derive/date-text.ts";
import { pageDates, publishedDate } from "../../../../src/analyzers/visibility/derive/published-date.ts";

const doc = (body: string, head = "") => parseHtml(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`);
const dates = (body: string, head = "") => pageDates(doc(body, head)).map((date) => `${date.kind} ${date.source}: ${isoDay(date.time)}`);

describe("pageDates: where real pages date themselves", () => {
  test("meta tags by name or property, Dublin Core written with a dot or a colon, most trusted first", () => {
    const head =
      '<meta name="sailthru.date" content="2016-12-15T13:50:38Z"><meta property="og:article:published_time" content="2016-12-14T06:02:15Z">' +
      '<meta name="date" content="2020-04-30"><meta name="DC:date" content="2009-09-15"><meta name="DC.date.issued" content="2009-09-14">' +
      '<meta name="dcterms.created" content="2009-09-13"><meta property="article:modified_time" content="2016-12-16T10:00:00+01:00"><meta name="parsely-pub-date" content="2016-12-14">';
    expect(dates("", head)).toEqual([
      'published meta property="og:article:published_time": 2016-12-14',
      'published meta name="DC.date.issued": 2009-09-14',
      'published meta name="DC:date": 2009-09-15',
      'published meta name="date": 2020-04-30',
      'published meta name="parsely-pub-date": 2016-12-14',
      'published meta name="sailthru.date": 2016-12-15',
      'created meta name="dcterms.created": 2009-09-13',
      'modified meta property="article:modified_time": 2016-12-16',
    ]);
  });

  test("JSON-LD and Microdata come first; <time> by its datetime or its text", () => {
    const head = '<script type="application/ld+json">{"@type":"BlogPosting","datePublished":"2020-04-07T17:10:46-07:00"}</script>';
    const body = '<span itemprop="dateModified" content="2020-04-09"></span><time datetime="2020-04-10">10 April</time><time class="updated">11.04.2020</time><time>soon</time>';
    expect(dates(body, head)).toEqual([
      'published JSON-LD BlogPosting "datePublished": 2020-04-08',
      'modified Microdata itemprop="dateModified": 2020-04-09',
      "unlabelled <time datetime>: 2020-04-10",
      "modified <time> text: 2020-04-11",
    ]);
  });

  test("microformat dates (hAtom's abbr title) and elements whose class names a date", () => {
    expect(dates('<span class="entry-date"><abbr class="published" title="2017-07-23T17:06:45+0000">23. Juli 2017</abbr></span>')).toEqual(['published class="published" title: 2017-07-23']);
    expect(dates('<ul class="content__meta"><li class="item content__meta__date">26.02.2020</li></ul><span class="meta_date">erstellt: <strong>01. April 2025, 15:25</strong></span>')).toEqual([
      'unlabelled class="content__meta__date" text: 2020-02-26',
      'published class="meta_date" text: 2025-04-01',
    ]);
    expect(dates('<div class="PostByline__timestamp" datetime="2016-10-13 17:00:00 -0400"> Oct 13, 2016 </div>')).toEqual(['unlabelled class="PostByline__timestamp" datetime: 2016-10-13']);
  });

  test("not the page's dates: comments, sidebars, navigation, long date-classed blocks", () => {
    const body =
      '<div class="comments"><time datetime="2024-01-01">1 Jan</time></div><aside class="widget"><span class="date">12.12.2020</span></aside>' +
      '<nav><time datetime="2024-02-02">archive</time></nav><div class="date-picker">Choose a day between 01.01.2020 and 31.12.2020 for your booking, any weekday, any time you like</div>';
    expect(dates(body)).toEqual([]);
    // An <aside> inside the article is the article's own margin.
    expect(dates('<article><aside><span class="date">26.02.2020</span></aside></article>')).toEqual(['unlabelled class="date" text: 2020-02-26']);
  });
});

describe("publishedDate", () => {
  test("the most explicit publication date, else the creation date, else the first unlabelled date", () => {
    expect(isoDay(publishedDate(doc('<time datetime="2020-01-01">x</time>', '<meta property="article:published_time" content="2019-06-01">'))!.time)).toBe("2019-06-01");
    expect(publishedDate(doc("", '<meta name="dcterms.created" content="2018-03-03"><meta property="article:modified_time" content="2019-01-01">'))?.source).toBe('meta name="dcterms.created"');
    expect(publishedDate(doc('<time datetime="2020-01-01">x</time>'))?.source).toBe("<time datetime>");
  });
  test("a page that only says when it was updated has no publication date", () => {
    expect(publishedDate(doc("", '<meta property="article:modified_time" content="2019-01-01">'))).toBeNull();
    expect(publishedDate(doc("<p>Undated.</p>"))).toBeNull();
  });
});
