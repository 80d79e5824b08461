import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { rawHtmlText } from "../../../../src/analyzers/visibility/audits/render/raw-html-text.ts";
import { titlePresent } from "../../../../src/analyzers/visibility/audits/render/title-present.ts";
import { parseHtml as parseDocument } from "../../../../src/analyzers/structured-data/html-document.ts";
import { visibleText, wordCount } from "../../../../src/analyzers/visibility/derive/page-text.ts";
import { APP_SHELL, INTRO, homepage, page, site, siteWithHtml } from "../sample-site.ts";

const words = (count: number) => Array.from({ length: count }, (_, index) => `word${index}`).join(" ");

describe("raw-html-text", () => {
  test("passes when the raw HTML carries the text", () => {
    const outcome = runAudit(rawHtmlText, site());
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.evidence[0]).toMatch(/^\d+ words of visible text/);
  });

  test("a page cut short says so, and names what cut it: the size limit or the scan's memory budget", () => {
    const html = page({ body: `<p>${words(80)}</p>${"<div></div>".repeat(10_000)}` });
    const whole = runAudit(rawHtmlText, site({ homepage: homepage({ html }) }));
    expect(whole.detail).not.toContain("was cut");
    const bySize = runAudit(rawHtmlText, site({ homepage: homepage({ html, truncated: true }) }));
    expect(bySize).toMatchObject({ status: "pass" });
    expect(bySize.detail).toContain("The page was cut at 0.1 MB, the most the scan reads of one response (FETCH_MAX_BYTES): only that part was judged.");
    const byBudget = runAudit(rawHtmlText, site({ homepage: homepage({ html: APP_SHELL, truncated: true, cutByBudget: true }) }));
    expect(byBudget).toMatchObject({ status: "fail", blocking: true });
    expect(byBudget.detail).toEndWith("when the scan reached its memory budget (SCAN_MEMORY_MB): only that part was judged.");
  });

  test("the cut is stated at the size read, not at the text kept: a body of zeros reads as empty text", () => {
    const outcome = runAudit(rawHtmlText, site({ homepage: homepage({ html: "", bytesRead: 5 * 1024 * 1024, truncated: true }) }));
    expect(outcome.detail).toContain("The page was cut at 5.0 MB, the most the scan reads of one response (FETCH_MAX_BYTES)");
  });

  test("an empty root element with a script bundle is an app shell: fail and block", () => {
    const outcome = runAudit(rawHtmlText, siteWithHtml(APP_SHELL));
    expect(outcome).toMatchObject({ status: "fail", score: 0, blocking: true });
    expect(outcome.detail).toContain("`#root`");
    expect(outcome.fix?.how).toContain("#root");
  });

  test("recognises the Next.js mount point", () => {
    const shell = page({ body: '<div id="__next"></div><script src="/_next/static/chunks/main.js"></script>' });
    expect(runAudit(rawHtmlText, siteWithHtml(shell))).toMatchObject({ status: "fail", blocking: true });
  });

  test("a server-rendered data payload with text counts as rendered: a warning, not a gate", () => {
    const data = JSON.stringify({ props: { pageProps: { intro: INTRO } } });
    const shell = page({ body: `<div id="__next"></div><script id="__NEXT_DATA__" type="application/json">${data}</script><script src="/_next/main.js"></script>` });
    const outcome = runAudit(rawHtmlText, siteWithHtml(shell));
    expect(outcome).toMatchObject({ status: "warn", score: 0.75 });
    expect(outcome.blocking).toBeUndefined();
  });

  test("a server-rendered root element is not a shell", () => {
    const rendered = page({ body: `<div id="root"><main><p>${INTRO}</p></main></div><script src="/app.js"></script>` });
    expect(runAudit(rawHtmlText, siteWithHtml(rendered))).toMatchObject({ status: "pass" });
  });

  test("little text without an app shell warns without blocking", () => {
    const outcome = runAudit(rawHtmlText, siteWithHtml(page({ body: "<img src=/hero.jpg alt=''><p>Coming soon</p>" })));
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.blocking).toBeUndefined();
  });

  test("text in scripts, styles, noscript and templates is not visible text", () => {
    const hidden = page({ body: `<script>var a = "${words(60)}"</script><style>/* ${words(60)} */</style><noscript>${words(60)}</noscript><template>${words(60)}</template>` });
    expect(runAudit(rawHtmlText, siteWithHtml(hidden)).status).toBe("warn");
  });

  test("unknown when the homepage answered an error", () => {
    expect(runAudit(rawHtmlText, site({ homepage: homepage({ status: 503 }) }))).toMatchObject({ status: "unknown", score: null });
  });
});

describe("page text", () => {
  test("visible text skips the head and collapses whitespace", () => {
    const document = parseDocument("<html><head><title>T</title></head><body><h1>Hello</h1>\n\n<p>big   world</p></body></html>");
    expect(visibleText(document)).toBe("Hello big world");
  });

  test("inline elements do not split words, blocks and line breaks do; nesting deeper than the call stack is read", () => {
    expect(visibleText(parseDocument("<p>松<b>村</b></p><p>next<br>line</p><div>a</div><div>b</div>"))).toBe("松村 next line a b");
    // Built by linkedom directly: parseHtml cuts a page at MAX_DOM_ELEMENTS, but the walk must not rely on that.
    const deep = `<html><body>${"<div>".repeat(60_000)}deep${"</div>".repeat(60_000)}</body></html>`;
    expect(visibleText(parseHTML(deep).document)).toBe("deep");
  });

  test("fragments without an <html> element are parsed too", () => {
    expect(visibleText(parseDocument("<p>just a fragment</p>"))).toBe("just a fragment");
    expect(visibleText(parseDocument("plain text"))).toBe("plain text");
  });

  test("word counts work across scripts", () => {
    expect(wordCount("It's a well-known café, 2024!")).toBe(5);
    expect(wordCount("日本語のテキスト")).toBe(8);
  });
});

describe("title-present", () => {
  test("passes with a descriptive title", () => {
    expect(runAudit(titlePresent, site())).toMatchObject({ status: "pass", score: 1 });
  });

  test("fails when missing or empty", () => {
    expect(runAudit(titlePresent, siteWithHtml(page({ title: null })))).toMatchObject({ status: "fail", score: 0 });
    expect(runAudit(titlePresent, siteWithHtml(page({ title: "   " })))).toMatchObject({ status: "fail", score: 0 });
  });

  test("warns on a framework placeholder title", () => {
    expect(runAudit(titlePresent, siteWithHtml(page({ title: "React App" })))).toMatchObject({ status: "warn" });
  });
});
