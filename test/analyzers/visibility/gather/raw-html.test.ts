import { describe, expect, test } from "bun:test";
import { wordCount } from "../../../../src/analyzers/visibility/derive/page-text.ts";
import { rawLinks, rawTitle, rawWordCount } from "../../../../src/analyzers/visibility/gather/raw-html.ts";
import { CORPUS_DIR, corpusAvailable, corpusEntries, loadPage } from "../../../corpora/real-pages-corpus.ts";

/**
 * The implementations these functions replaced: a chain of whole-text replacements. They are the
 * definition the single pass must keep, so they stay here as the reference.
 */
function referenceWordCount(html: string): number {
  const text = html
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<(script|style|noscript|template|svg)\b[\s\S]*?<\/\1\s*>/gi, " ")
    .replace(/<head\b[\s\S]*?<\/head\s*>/i, " ")
    .replace(/<[^>]*>/g, " ")
    .replace(/&[a-z#0-9]+;/gi, " ");
  return wordCount(text);
}

function referenceTitle(html: string): string | null {
  const match = /<title\b[^>]*>([\s\S]*?)<\/title\s*>/i.exec(html);
  return match ? match[1]!.replace(/\s+/g, " ").trim().slice(0, 200) : null;
}

function referenceLinks(html: string, limit = 500): { href: string; text: string }[] {
  const links: { href: string; text: string }[] = [];
  const pattern = /<a\b([^>]*)>([\s\S]*?)<\/a\s*>/gi;
  for (let match = pattern.exec(html); match && links.length < limit; match = pattern.exec(html)) {
    const href = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i.exec(match[1]!);
    if (!href) continue;
    const value = (href[1] ?? href[2] ?? href[3] ?? "").trim().replace(/&amp;/gi, "&").replace(/&#x2f;/gi, "/").replace(/&#47;/g, "/");
    links.push({ href: value, text: match[2]!.replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim() });
  }
  return links;
}

/** Pieces that meet every rule of the reference: comment, element and head edges, case, spaces in end tags, entities, scripts without spaces. */
const PIECES = [
  "<", ">", "<!--", "-->", "<!-->", "-", "--", "<!---->", "<script>", "<script", "</script>", "</script", "</SCRIPT >", "<Script type=\"a>b\">",
  "</script\n>", "<scripts>", "<script-x>", "<style>", "</style>", "<noscript>", "</noscript>", "<template>", "</template>", "<svg",
  "<svg:x>", "</svg>", "</svg\t>", "<head>", "<HEAD lang=x>", "</head>", "</head >", "<header>", "</header>", "<title>", "<title x='>'>",
  "</title>", "</title >", "<div>", "</div>", "<a href='x'>", "</a>", "<p>", "<br/>", "&amp;", "&#38;", "&#x2f;", "&", ";", "&nbsp",
  "&a&b;", "<a href=\"/x?a=1&amp;b\">", "<A HREF='/y'>", "<a name=n>", "<a href=/z title='>'>", "<abbr>", "</a >", "</A>", "<a",
  "#", "a", "word", "Wort", "it's", "well-known", "x1", "42", " ", "  ", "\n", "\t", "\u00a0", "\u3000", "\ufeff", "日本", "語の",
  "テキスト", "カタカナ", "é", "e\u0301", "'", "’", "\"", "/", "=", "\ud840\udc00", "\ud83d\ude00", "\ud800", "ſcript", "\u212a",
];

/** A small deterministic generator (mulberry32), so that a failure can be replayed. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let value = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function randomPage(next: () => number): string {
  const length = 1 + Math.floor(next() * 40);
  let page = "";
  for (let i = 0; i < length; i++) page += PIECES[Math.floor(next() * PIECES.length)];
  return page;
}

describe("rawWordCount", () => {
  test("counts the words a reader sees, as wordCount does", () => {
    const html = `<html><head><title>Not counted</title><style>p { color: red }</style></head>
      <body><!-- a comment --><h1>Hello,&nbsp;world</h1><script>var notCounted = 1;</script>
      <p>It's a well-known café &amp; 日本語</p><svg><text>not counted</text></svg></body></html>`;
    expect(rawWordCount(html)).toBe(9);
    expect(rawWordCount(html)).toBe(referenceWordCount(html));
  });

  test("hostile inputs count as the reference counts them", () => {
    const hostile = [
      "<p>before</p><!-- never closed <p>hidden or not</p>",
      "<p>before</p><script>var x = '<p>never closed</p>';",
      "text < more text without any closing angle bracket",
      "a".repeat(1024 * 1024),
      `${"word ".repeat(200_000)}`,
      `<div title="a 'b' \\"c\\" >d">inside</div><img alt='x "y" z'>after`,
      `<div data-x="<span>">quoted tag</div>`,
      "<script><!--</script>-->visible?</script>after",
      "<!--<script>-->text</script>tail",
      "</head><head><title>x</title><head>two</head>after",
      "<script</script>x<style</style >y",
      "&amp;&amp&lt;b&#;c&#x;d",
      `${"<div>".repeat(50_000)}bottom${"</div>".repeat(50_000)}`,
      `${"<script>".repeat(2_000)}words after unclosed scripts`,
      `${"<!--".repeat(2_000)}words after unclosed comments`,
      `${"<".repeat(2_000)}words after unclosed tags`,
    ];
    for (const html of hostile) expect(rawWordCount(html)).toBe(referenceWordCount(html));
  });

  test("unclosed scripts cost linear time, not a rescan of the page per start tag", () => {
    // The reference rescans to the end for each <script>: 100,000 of them would take minutes there.
    const html = `${"<script>x ".repeat(100_000)}${"word ".repeat(100_000)}`;
    expect(rawWordCount(html)).toBe(200_000);
  });

  test("agrees with the reference on 20,000 random pages built from the pieces its rules turn on", () => {
    const next = random(13);
    const mismatches: string[] = [];
    for (let i = 0; i < 20_000 && mismatches.length < 5; i++) {
      const html = randomPage(next);
      if (rawWordCount(html) !== referenceWordCount(html)) mismatches.push(JSON.stringify(html));
    }
    expect(mismatches).toEqual([]);
  });

  const available = corpusAvailable();
  if (!available) console.warn(`raw-html corpus comparison skipped: ${CORPUS_DIR} is absent (it lives in ../shared beside the repository).`);
  test.skipIf(!available)("agrees with the reference on every page of the real-pages corpus", () => {
    const pages = corpusEntries().map(loadPage);
    expect(pages.length).toBeGreaterThan(250);
    const mismatches = pages.filter((page) => rawWordCount(page.html) !== referenceWordCount(page.html)).map((page) => page.id);
    expect(mismatches).toEqual([]);
    const titles = pages.filter((page) => rawTitle(page.html) !== referenceTitle(page.html)).map((page) => page.id);
    expect(titles).toEqual([]);
  });
});

describe("rawTitle", () => {
  test("the first title's text, whitespace collapsed, at most 200 characters", () => {
    expect(rawTitle("<html><head><TITLE lang=en>\n  Hello\t\n world  </title ></head>")).toBe("Hello world");
    expect(rawTitle(`<title>${"long ".repeat(100)}</title>`)).toBe("long ".repeat(40)); // cut after collapsing and trimming, as before
    expect(rawTitle("<title>never closed")).toBeNull();
    expect(rawTitle("<titles>no</titles>")).toBeNull();
  });

  test("hostile and random inputs give the reference's title", () => {
    const hostile = [
      `<title>${" ".repeat(500_000)}x</title>`,
      `<title>${"a".repeat(500_000)}</title>`,
      `<title>${"ab ".repeat(300)}</title>`,
      `<title>${"a".repeat(199)}  b</title>`,
      `<title>${"a".repeat(200)} </title>`,
      `<title>${"a".repeat(199)} </title>`,
      "<title <title>x</title>",
      "<title>a</title\n>",
      "<title>\u00a0\ufeffx\u3000y\u2028</title>",
      `${"<title>".repeat(2_000)}never closed`,
    ];
    for (const html of hostile) expect(rawTitle(html)).toBe(referenceTitle(html));
    const next = random(7);
    const mismatches: string[] = [];
    for (let i = 0; i < 5_000 && mismatches.length < 5; i++) {
      const html = randomPage(next);
      if (rawTitle(html) !== referenceTitle(html)) mismatches.push(JSON.stringify(html));
    }
    expect(mismatches).toEqual([]);
  });
});

describe("rawLinks", () => {
  test("links with their text and decoded href", () => {
    expect(rawLinks(`<a href="/a?x=1&amp;y=2">A <b>link</b></a><a name=x>no href</a><a href=/c>C</a>`)).toEqual([
      { href: "/a?x=1&y=2", text: "A link" },
      { href: "/c", text: "C" },
    ]);
  });

  test("unclosed links cost linear time, and every input gives the reference's links", () => {
    // The reference rescans to the end for each unclosed <a>: this page took it minutes.
    expect(rawLinks(`<a href="/first">first</a>${"<a href=x>".repeat(200_000)}`)).toEqual([{ href: "/first", text: "first" }]);
    const hostile = [
      `<a href=/x>${"<".repeat(3_000)}</a>`,
      `${"<a href=x>".repeat(3_000)}`,
      `<a href=/x>${"<b>".repeat(3_000)}text</a>`,
      `${"<a href=/y>y</a>".repeat(600)}`,
    ];
    for (const html of hostile) expect(rawLinks(html)).toEqual(referenceLinks(html));
    expect(rawLinks(hostile[3]!, 3)).toEqual(referenceLinks(hostile[3]!, 3));
    const next = random(5);
    const mismatches: string[] = [];
    for (let i = 0; i < 10_000 && mismatches.length < 5; i++) {
      const html = randomPage(next);
      if (JSON.stringify(rawLinks(html, 3)) !== JSON.stringify(referenceLinks(html, 3))) mismatches.push(JSON.stringify(html));
    }
    expect(mismatches).toEqual([]);
  });

  test.skipIf(!corpusAvailable())("agrees with the reference on every page of the real-pages corpus", () => {
    const pages = corpusEntries().map(loadPage);
    const mismatches = pages.filter((page) => JSON.stringify(rawLinks(page.html)) !== JSON.stringify(referenceLinks(page.html))).map((page) => page.id);
    expect(mismatches).toEqual([]);
  });
});
