import { describe, expect, test } from "bun:test";
import { parseHtml } from "../../../../src/analyzers/structured-data/html-document.ts";
import { byline, bylines } from "../../../../src/analyzers/visibility/derive/byline.ts";
import { nameFromByline } from "../../../../src/analyzers/visibility/derive/byline-name.ts";

const doc = (body: string, head = "") => {
  const html = `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;
  return { document: parseHtml(html), html, url: "https://example.com/article" };
};
const names = (body: string, head = "") => bylines(doc(body, head)).map((found) => `${found.source}: ${found.name}`);

describe("bylines: where real pages name their author", () => {
  test("author meta tags: the standard's, the New York Times' byl, Dublin Core, Open Graph, analytics", () => {
    const head =
      '<meta name="author" content="Jane Doe"><meta name="byl" content="By MARC SANTORA and AL BAKER"><meta name="DC.Creator" content="Ada Lovelace">' +
      '<meta property="article:author" content="https://www.facebook.com/jane"><meta name="parsely-author" content="Grace Hopper"><meta name="twitter:creator" content="@jane">';
    expect(names("", head)).toEqual([
      'meta name="author": Jane Doe',
      'meta name="byl": MARC SANTORA and AL BAKER',
      'meta name="DC.Creator": Ada Lovelace',
      'meta property="article:author": https://www.facebook.com/jane',
      'meta name="parsely-author": Grace Hopper',
    ]);
  });

  test("byline class names as sites write them, with the name part when there is one", () => {
    expect(names('<div class="c-byline"><span class="c-byline__item"><a href="/a/t"><span class="c-byline__author-name">T.C. Sottek</span></a></span></div>')).toEqual(['class="c-byline": T.C. Sottek']);
    expect(names('<p class="BylineWrapper-ijzcXT byline"><span class="BylineName-cKrVJj byline__name">Alex Hutchinson</span></p>')[0]).toBe('class="BylineWrapper-ijzcXT": Alex Hutchinson');
    expect(names('<div class="article__meta"><span class="autor">Von Nina Magoley</span></div>')).toEqual(['class="autor": Nina Magoley']);
    expect(names('<p class="document_authors">Андрей Колесников</p>')).toEqual(['class="document_authors": Андрей Колесников']);
    expect(names('<div class="writer">松村太郎</div>')).toEqual(['class="writer": 松村太郎']);
  });

  test("author links: rel=author on a link, and <link rel=author> unless it credits the site's builders (humans.txt)", () => {
    expect(names('<p>Posted on 2 May <a rel="author" href="/author/patrickd/">Patrick Danowski</a></p>')).toEqual(['rel="author": Patrick Danowski']);
    expect(names("", '<link rel="author" href="https://example.com/team/jane">')).toEqual(['rel="author" link: https://example.com/team/jane']);
    expect(names("", '<link rel="author" href="/humans.txt">')).toEqual([]);
  });

  test("bylines in plain text: By, Von, Posted by, a label beside the name, a definition list, 著者：", () => {
    expect(names('<p class="text-sm">By TPN, in <a href="/news">News</a></p>')).toEqual(['the visible byline "By TPN, in News": TPN, in News']);
    expect(names('<div><span>By</span><div><a href="/author/ct">Chris Thompson</a></div></div>')).toEqual(['the visible byline "By Chris Thompson": Chris Thompson']);
    expect(names('<div class="postdata"><span class="category">Posted by Konstantin</span></div>')).toEqual(['the visible byline "Posted by Konstantin": Konstantin']);
    expect(names('<footer class="article-footer"><span>Author: </span><span>Jacopo Cascioli</span></footer>')).toEqual(['the visible byline "Author: Jacopo Cascioli": Jacopo Cascioli']);
    expect(names('<dl><dt>Auteur</dt><dd><a href="/staff/ug">Uriel Gadessaud</a></dd></dl>')).toEqual(['the visible byline "Auteur Uriel Gadessaud": Uriel Gadessaud']);
    expect(names('<a class="articleHeader_name" href="/author/180/">著者：後藤大地</a>')).toEqual(['the visible byline "著者： 後藤大地": 後藤大地']);
    expect(names('<h2>Stars <span style="font-size:12px">06.11.2023 13:30 von Olga </span></h2>')).toEqual(['the visible byline "von Olga": Olga']);
  });

  test("structured data first, then meta tags, then markup", () => {
    const head = '<meta name="author" content="From Meta"><script type="application/ld+json">{"@type":"Article","author":{"@type":"Person","name":"From JSON-LD"}}</script>';
    expect(byline(doc('<span class="byline">From Markup</span>', head))).toEqual({ name: "From JSON-LD", source: 'JSON-LD Article "author"' });
    expect(byline(doc("<p>No one signs this page.</p>"))).toBeNull();
  });
});

describe("bylines seen on real pages (../shared/corpora/real-pages)", () => {
  test("a wiki's edit credit names the page's author: wiki.python.org's MoinMoin footer, a docs page's 'last updated by'", () => {
    expect(names('<p id="pageinfo" class="info">BeginnersGuide/Download (last edited 2019-11-10 13:28:18 by <span title="x"><a href="/moin/MatsWichmann">MatsWichmann</a></span>)</p>')).toEqual([
      'the visible credit "BeginnersGuide/Download (last edited 2019-11-10 13:28:18 by…": MatsWichmann',
    ]);
    expect(names("<p>Last updated on 3 May 2024 by Jane Doe</p>")).toEqual(['the visible credit "Last updated on 3 May 2024 by Jane Doe": Jane Doe']);
    expect(names("<p>This list is updated weekly by our team.</p><p>Prices last updated by the supplier</p>")).toEqual([]);
  });

  test("a date and a name alone on the line under the headline (it-for-kids.org), or a credit line under an <hgroup> (japantimes.co.jp)", () => {
    expect(names('<div><h1>Variablen und ihr Zuhause</h1><p class="text-muted">11.12.2019 - Amelie Loevenich</p></div>')).toEqual(['the line under the headline "11.12.2019 - Amelie Loevenich": Amelie Loevenich']);
    expect(names("<h1>Title</h1>\n<div>Jane Doe | March 3, 2020</div>")).toEqual(['the line under the headline "Jane Doe | March 3, 2020": Jane Doe']);
    expect(names('<header><hgroup><h3>National</h3><h1>Losing face</h1></hgroup><p class="credit">JIJI</p></header>')).toEqual(['the credit line under the headline "JIJI": JIJI']);
  });

  test("the line under the headline is not read when it is a teaser, one word, or when the page names its author elsewhere", () => {
    expect(names("<h1>T</h1><p>12.05.2020 - Update</p>")).toEqual([]);
    expect(names("<h1>T</h1><p>Version 2 - Big News</p>")).toEqual([]);
    expect(names("<h1>T</h1><p>12.05.2020 - Five Things We Learned This Week</p>")).toEqual([]);
    expect(names("<h1>T</h1><p>In this article we explain how variables work - 11.12.2019</p>")).toEqual([]);
    expect(names('<h1>T</h1><p>11.12.2019 - Amelie Loevenich</p>', '<meta name="author" content="Jane Doe">')).toEqual(['meta name="author": Jane Doe']);
  });

  test("an author URL that names no one (japantimes.co.jp's …/author/no-author/) and a list of the author's headlines (thefederalistpapers.org) are no byline", () => {
    expect(names("", '<meta property="article:author" content="https://www.japantimes.co.jp/author/no-author/">')).toEqual([]);
    expect(names('<span class="author">Bushrod Washington</span><ul><li class="author-headline"><a href="/x">The President Who Made Christmas a National Holiday</a></li></ul>')).toEqual([
      'class="author": Bushrod Washington',
    ]);
  });
});

describe("bylines: what is not a page's author", () => {
  test("navigation to the authors' index, sidebars and menus", () => {
    expect(names('<nav><a class="authors-link" href="/authors/">Authors</a><a href="/by-author/jane" class="author">Jane Doe</a></nav>')).toEqual([]);
    expect(names('<div class="menu"><a class="author-index" href="/authors/">Our authors</a></div>')).toEqual([]);
    expect(names('<aside class="sidebar"><span class="entry-author">Someone Else</span></aside>')).toEqual([]);
    expect(names('<ul><li><a href="/recipes/method">By Method</a></li><li><a href="/recipes/course">By Course or Type</a></li></ul>')).toEqual([]);
  });

  test("readers' comments and reviews, but not a post filed under a category named like them", () => {
    const comments = '<ol class="commentlist"><li class="comment"><div class="comment-author vcard"><cite class="fn">A Reader</cite></div></li></ol><div id="disqus_thread"><span class="author">Another</span></div>';
    expect(names(comments)).toEqual([]);
    expect(names('<article class="post category-kommentare tag-reviews"><span class="post-meta-author">Autor: <a href="/author/k/">www.koffergepackt.com</a></span></article>')).toEqual(['class="post-meta-author": www.koffergepackt.com']);
  });

  test("author words in scripts, page-wide classes and the site's credits", () => {
    expect(names('<script>var author = "Jane Doe"; dataLayer.push({byline: "Jane"});</script>')).toEqual([]);
    expect(names(`<div class="f_author_page_canonical_on">${"<p>Article text. </p>".repeat(100)}<span class="site-name">The A.V. Club</span></div>`)).toEqual([]);
    expect(names('<div class="copyright-area">Crafted with love by <a href="https://templates.example">TemplatesYard</a></div><footer>Powered by <a href="https://wordpress.org">WordPress</a></footer>')).toEqual([]);
  });

  test("labels, timestamps and links that sit where a byline goes", () => {
    expect(names('<div class="author-box"><h3 class="author-label">About the author</h3></div><a class="author-page-link" href="/author/jane">View author page</a>')).toEqual([]);
    expect(names('<span class="p-article__byline">Dec 1st 2016 1:01PM</span><span class="byline">9:39AM BST 05 Oct 2011</span>')).toEqual([]);
    expect(names('<p>By the way, we moved.</p><h2>Von Barzahler-Rabatten profitieren</h2><p>By 2020 the city had grown.</p>')).toEqual([]);
    expect(names("", '<meta name="author" content="No Author">')).toEqual([]);
  });
});

describe("bylines people can see (issue 25)", () => {
  test("Par, Por, Von, Posted by, Written by: a brand led by digits, a name in decoration", () => {
    expect(names('<article><h1>Tarte</h1><p class="meta">Par 750g La Table</p></article>')).toEqual(['the visible byline "Par 750g La Table": 750g La Table']);
    expect(names("<article><h1>T</h1><p>Posted By: ~Sani~</p></article>")).toEqual(['the visible byline "Posted By: Sani": Sani']);
    expect(names("<article><h1>T</h1><p>Por María García</p></article>")).toEqual(['the visible byline "Por María García": María García']);
    expect(names("<article><h1>T</h1><p>Written by Jane Doe</p></article>")).toEqual(['the visible byline "Written by Jane Doe": Jane Doe']);
    expect(names("<article><h1>T</h1><p>Von Nina Magoley</p></article>")).toEqual(['the visible byline "Von Nina Magoley": Nina Magoley']);
  });

  test("still no name from a timestamp, a number, or a sentence that starts with the label", () => {
    expect(names("<article><h1>T</h1><p>By 9:39AM BST 05 Oct 2011</p></article>")).toEqual([]);
    expect(names("<article><h1>T</h1><p>Par 3 voix contre 2, le conseil a voté</p></article>")).toEqual([]);
    expect(names("<article><h1>T</h1><p>Par contre, il n'a aucun sens</p></article>")).toEqual([]);
    expect(names("<article><h1>T</h1><p>By 5pm Today</p></article>")).toEqual([]);
    expect(names("<article><h1>T</h1><p>Posted by: ~~~</p></article>")).toEqual([]);
  });
});

test("a label glued to the name, and a numeric timestamp after it, are not part of the name (247sports, Politico in the corpus)", () => {
  expect(nameFromByline("ByTravis Haney")).toBe("Travis Haney");
  expect(nameFromByline("Byron Smith")).toBe("Byron Smith");
  expect(nameFromByline("By BYU Staff")).toBe("BYU Staff");
  expect(nameFromByline("Steven Shepard 10/04/2016 05:07 AM EDT Link Copied")).toBe("Steven Shepard");
  expect(nameFromByline("Jane Doe 2.0 Studio")).toBe("Jane Doe 2.0 Studio");
  expect(nameFromByline("12/05/2020 Jane Doe")).toBeNull();
});
