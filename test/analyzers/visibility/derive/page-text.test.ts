import { describe, expect, test } from "bun:test";
import { textOf } from "../../../../src/analyzers/visibility/derive/site-pages.ts";
import { parseHtml } from "../../../../src/analyzers/structured-data/html-document.ts";

describe("text read from an element keeps table cells and blocks apart", () => {
  test("an opening-hours table reads as words, not glued cells", () => {
    const document = parseHtml("<html><body><div id=a><table><tr><th>Day</th><th>Hours</th></tr><tr><td>Tuesday–Friday</td><td>07:00–16:00</td></tr></table></div></body></html>");
    expect(textOf(document.querySelector("#a"))).toBe("Day Hours Tuesday–Friday 07:00–16:00");
  });

  test("inline elements still run on inside a word, and scripts are not text", () => {
    const document = parseHtml("<html><body><p id=p>松<b>村</b> said<br>hello<script>var x = 1;</script></p></body></html>");
    expect(textOf(document.querySelector("#p"))).toBe("松村 said hello");
  });
});

describe("the schema generator's suggested answers keep table cells apart too", () => {
  test("an FAQ answer that is an opening-hours table", async () => {
    const { readPageFacts } = await import("../../../../src/analyzers/schema/generate/page-facts.ts");
    const document = parseHtml(
      "<html><body><h2>When are you open?</h2><table><tr><th>Day</th><th>Hours</th></tr><tr><td>Tuesday–Friday</td><td>07:00–16:00</td></tr></table><h2>Next</h2></body></html>",
    );
    const facts = readPageFacts(document, "https://bakery.test/faq");
    expect(facts.questions).toEqual([{ question: "When are you open?", answer: "Day Hours Tuesday–Friday 07:00–16:00" }]);
  });
});
