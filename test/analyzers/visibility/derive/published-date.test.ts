import { describe, expect, test } from "bun:test";
import { parseHtml } from "../../../../src/analyzers/structured-data/html-document.ts";
import { isoDay } from "../../../../src/analyzers/visibility/derive/date-text.ts";
import { pageDates, publishedDate } from "../../../../src/analyzers/visibility/derive/published-date.ts";

const doc = (body: string, head = "", lang = "") => {
  const html = `<!doctype html><html${lang ? ` lang="${lang}"` : ""}><head>${head}</head><body>${body}</body></html>`;
  return { document: parseHtml(html), html, url: "https://example.com/article" };
};
const dates = (body: string, head = "", lang = "") => pageDates(doc(body, head, lang)).map((date) => `${date.kind} ${date.source}: ${isoDay(date.time)}`);

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

describe("dates people can see (issue 25): datelines, hAtom, video release dates, date classes, CJK dates", () => {
  test("labelled datelines in the languages scanned most, with the date after the label or in the next element", () => {
    expect(dates('<article><h1>Rente</h1><p>Lange Einleitung zum Thema.</p><p class="meta">Stand: 09.10.2017</p></article>', "", "de")).toEqual(['modified the visible dateline "Stand: 09.10.2017": 2017-10-09']);
    expect(dates('<article><h1>Titel</h1><div><span class="single-info-header">Datum: </span><span class="single-info-content">22.12.2012</span></div></article>', "", "de")).toEqual([
      'unlabelled the visible dateline "Datum: 22.12.2012": 2012-12-22',
    ]);
    expect(dates('<article><h1>T</h1><p>John Patrick Pullen, TIME Updated: Dec 15, 2016 2:57 PM UTC</p></article>', "", "en")).toEqual([
      'modified the visible dateline "Updated: Dec 15, 2016 2:57 PM UTC": 2016-12-15',
    ]);
    expect(dates("<article><h1>T</h1><p>Published in FrontBurner December 14, 2016 2:24 pm</p></article>", "", "en")).toEqual([
      'published the visible dateline "Published in FrontBurner December 14, 2016 2:24 pm": 2016-12-14',
    ]);
    expect(dates("<main><h1>T</h1><p>Veröffentlicht am 3. Mai 2021</p></main>", "", "de")).toEqual(['published the visible dateline "Veröffentlicht am 3. Mai 2021": 2021-05-03']);
    expect(dates("<main><h1>T</h1><p>Publié le 30 septembre 2018 à 12h00</p></main>", "", "fr")).toEqual(['published the visible dateline "Publié le 30 septembre 2018 à 12h00": 2018-09-30']);
    expect(dates("<main><h1>T</h1><p>Publicado el 5 de marzo de 2019</p></main>", "", "es")).toEqual(['published the visible dateline "Publicado el 5 de marzo de 2019": 2019-03-05']);
    expect(dates("<main><h1>T</h1><p>Pubblicato il 7 giugno 2020</p></main>", "", "it")).toEqual(['published the visible dateline "Pubblicato il 7 giugno 2020": 2020-06-07']);
    expect(dates("<main><h1>T</h1><p>Gepubliceerd op 12 maart 2022</p></main>", "", "nl")).toEqual(['published the visible dateline "Gepubliceerd op 12 maart 2022": 2022-03-12']);
    expect(dates("<main><h1>タイトル</h1><p>投稿日：2020年07月12日</p></main>", "", "ja")).toEqual(['published the visible dateline "投稿日：2020年07月12日": 2020-07-12']);
    expect(dates('<main><h1>T</h1><p>Download (last edited 2019-11-10 13:28:18 by <a href="/m">MatsWichmann</a>)</p></main>', "", "en")).toEqual([
      'modified the visible dateline "last edited 2019-11-10 13:28:18 by": 2019-11-10',
    ]);
    expect(dates("<main><h1>Song</h1><div><span>Release Date</span> <span>June 25, 1984</span></div></main>", "", "en")).toEqual(['published the visible dateline "Release Date June 25, 1984": 1984-06-25']);
  });

  test("a line that is only a date, right under the headline; CJK dates with full-width digits too", () => {
    expect(dates("<article><h1>タイトル</h1><p>2020年07月12日</p><p>本文です。</p></article>", "", "ja")).toEqual(['unlabelled the date under the headline "2020年07月12日": 2020-07-12']);
    expect(dates("<article><h1>タイトル</h1><p>２０２０年７月１２日</p></article>", "", "ja")).toEqual(['unlabelled the date under the headline "２０２０年７月１２日": 2020-07-12']);
    expect(dates("<article><h1>Mietenstreik</h1><p>Von Moritz Wichmann</p><p>29.04.2020, 12:01 Uhr</p></article>", "", "de")).toEqual(['unlabelled the date under the headline "29.04.2020, 12:01 Uhr": 2020-04-29']);
    // A byline that ends in its date (phoronix.com), and a meta line right above the title (regards.fr).
    expect(dates('<article><h1>Steam</h1><div class="x">Written by <a href="/m">Michael Larabel</a> in <a href="/v">Valve</a> on 1 June 2019 at 08:34 PM EDT.</div></article>', "", "en")).toEqual([
      'unlabelled the date under the headline "on 1 June 2019 at 08:34 PM EDT.": 2019-06-01',
    ]);
    expect(dates('<div class="article"><span class="-meta"><a href="/">Accueil</a> | Par <a href="/a">Loïc Le Clerc</a> | <!-- x --> 30 septembre 2018 </span><h2>Deux ans</h2><p>Texte.</p></div>', "", "fr")).toEqual([
      'unlabelled the date above the headline "30 septembre 2018": 2018-09-30',
    ]);
  });

  test("the real page of regards.fr: its <h1> is the site's name linked to the front page, so the article's <h2> is the headline", () => {
    const body = '<div class="head"><h1><a href="http://www.regards.fr/" class="-logo">regards.fr</a></h1><ul><li>Politique</li><li>Idées</li></ul></div><div class="article"><span class="-meta"><a href="http://www.regards.fr/">Accueil</a> | Par <span class="vcard author"><a href="auteur/l">Loïc Le Clerc</a></span> | <!-- x --> 30 septembre 2018 <!-- y --></span><h2>Deux ans et demi en Macronie</h2><div class="cap"><p>Texte.</p></div></div>';
    expect(dates(body, "", "fr")).toEqual(['unlabelled the date above the headline "30 septembre 2018": 2018-09-30']);
    // An <h1> that is a headline linking to its own article stays the headline.
    expect(dates('<article><h1><a href="/2018/09/deux-ans">Deux ans</a></h1><p>30 septembre 2018</p></article>', "", "fr")).toEqual(['unlabelled the date under the headline "30 septembre 2018": 2018-09-30']);
  });

  test("a date that closes a byline, wherever the post stands (phpBB: an icon's hidden text glued to \"von\")", () => {
    const post = '<h2 class="topic-title"><a href="./viewtopic.php?t=167">Was ist Freie Software</a></h2>' + "<div><ul><li>Antworten</li><li>Suche</li></ul><p>1 Beitrag • Seite 1 von 1</p></div>".repeat(4) +
      '<div class="postbody"><h3 class="first"><a href="#p453"></a></h3><p class="author"><a href="#p453"><span class="imageset" title="Beitrag">Beitrag</span></a><span class="responsive-hide">von <strong><a href="./memberlist.php?u=5">r23</a></strong> &raquo; </span>21.01.2009, 05:42 </p><div class="content">Freie Software ist Software, die …</div></div>';
    expect(dates(post, "", "de")).toEqual(['published the date closing the byline "von r23 » 21.01.2009, 05:42": 2009-01-21']);
    expect(dates('<main><h1>Release notes</h1><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><p>Lorem.</p><div class="meta">Posted by <a href="/u/jane">Jane Doe</a> on 3 May 2020</div></main>', "", "en")).toEqual([
      'published the date closing the byline "Posted by Jane Doe on 3 May 2020": 2020-05-03',
    ]);
    // Only one: the first post is the page's, the replies after it are not.
    expect(dates('<main><p class="author">von <b>a</b> » 21.01.2009, 05:42</p><p class="author">von <b>b</b> » 22.01.2009, 07:00</p></main>', "", "de")).toHaveLength(1);
    // Not a byline: a date after a name with no label, a byline inside prose, and a reader's comment.
    expect(dates('<main><h1>T</h1>' + "<p>x</p>".repeat(14) + '<p>Jane Doe » 21.01.2009</p><p>Read what the team wrote by hand about the move, published by us » 21.01.2009 and since then revised often.</p><div class="comments"><p>von <b>c</b> » 23.01.2009</p></div></main>', "", "de")).toEqual([]);
  });

  test("hAtom's published and updated by their text, Open Graph's video:release_date, a VideoObject's uploadDate, a date class with a day-first date", () => {
    expect(dates('<div class="hentry"><h2 class="entry-title">T</h2><abbr class="published">16.12.2012</abbr></div>', "", "de")).toEqual(['published class="published" text: 2012-12-16']);
    expect(dates('<div class="hentry"><abbr class="updated" title="2012-12-18T10:00:00+01:00">18.12.2012</abbr></div>')).toEqual(['modified class="updated" title: 2012-12-18']);
    expect(dates("", '<meta property="video:release_date" content="2019-05-04T10:00:00+00:00">')).toEqual(['published meta property="video:release_date": 2019-05-04']);
    expect(dates('<div itemscope itemtype="https://schema.org/VideoObject"><meta itemprop="uploadDate" content="2021-02-03"></div>')).toEqual(['published Microdata itemprop="uploadDate": 2021-02-03']);
    expect(dates('<article><span class="date">17/03/2020</span></article>', "", "en")).toEqual(['unlabelled class="date" text: 2020-03-17']);
  });

  test("a numeric date with two readings is read in the page's order, and not at all when the page names none", () => {
    expect(dates('<article><span class="date">03/04/2020</span></article>', "", "en-US")).toEqual(['unlabelled class="date" text: 2020-03-04']);
    expect(dates('<article><span class="date">03/04/2020</span></article>', "", "en-GB")).toEqual(['unlabelled class="date" text: 2020-04-03']);
    expect(dates('<article><span class="date">03/04/2020</span></article>', "", "fr")).toEqual(['unlabelled class="date" text: 2020-04-03']);
    expect(dates('<article><span class="date">03/04/2020</span></article>', "", "en")).toEqual([]);
    // XHTML states its language as xml:lang (msn.com's en-GB pages).
    expect(pageDates({ document: parseHtml('<html xml:lang="en-GB"><body><article><h1>T</h1><span class="time">02/10/2020</span></article></body></html>'), html: "", url: "https://example.com/" }).map((date) => isoDay(date.time))).toEqual(["2020-10-02"]);
    expect(dates('<article><span class="date">03/04/2020</span></article>')).toEqual([]);
    expect(dates('<article><h1>T</h1><p>Updated: 31/02/2020</p></article>', "", "en-GB")).toEqual([]);
  });

  test("no visible date where the page shows none of its own: prose, far-off dates, navigation, comments, the site footer", () => {
    expect(dates("<article><h1>T</h1><p>Stand up for what you believe, said the 3 May 2020 speech.</p></article>", "", "en")).toEqual([]);
    expect(dates("<article><h1>T</h1><p>Published by the team after a long review and several drafts on 3 May 2020.</p></article>", "", "en")).toEqual([]);
    // A label inside a sentence is prose unless its colon follows (gregoryszorc.com: "Python 3.0 was released on December 3, 2008.").
    expect(dates("<article><h1>T</h1><p>Python 3.0 was released on December 3, 2008. And it took years.</p></article>", "", "en")).toEqual([]);
    expect(dates("<nav><p>Updated: 3 May 2020</p></nav><div class=\"comments\"><p>Posted: 4 May 2020</p></div><footer><p>Updated: 5 May 2020</p></footer>", "", "en")).toEqual([]);
    // A date above the headline, outside its container, is the site's masthead ("Sunday, January 19, 2020"), not the article's.
    expect(dates("<div id=\"page\"><header><div><div><p>Sunday, January 19, 2020</p></div></div></header><h1>T</h1><p>Text of the article.</p></div>", "", "en")).toEqual([]);
    expect(dates("<header><p>Sunday, January 19, 2020</p></header><main><h1>T</h1><p>Text of the article, long enough to be prose and not a date line.</p></main>", "", "en")).toEqual([]);
    // A line under the headline that holds more than a date is a standfirst.
    expect(dates("<article><h1>T</h1><p>What happened on 3 May 2020 and why it matters to everyone</p></article>", "", "en")).toEqual([]);
  });

  test("a visible date the markup already states is quoted once; the markup's publication date wins", () => {
    const page = doc('<article><h1>T</h1><p>Published: <time datetime="2020-05-03">3 May 2020</time></p><p>Updated: 4 May 2020</p></article>', "", "en");
    expect(pageDates(page).map((date) => `${date.kind} ${date.source}: ${isoDay(date.time)}`)).toEqual(["unlabelled <time datetime>: 2020-05-03", 'modified the visible dateline "Updated: 4 May 2020": 2020-05-04']);
    expect(publishedDate(page)?.source).toBe("<time datetime>");
    expect(publishedDate(doc("<article><h1>T</h1><p>Veröffentlicht: 3. Mai 2021</p></article>", "", "de"))?.source).toBe('the visible dateline "Veröffentlicht: 3. Mai 2021"');
  });
});
