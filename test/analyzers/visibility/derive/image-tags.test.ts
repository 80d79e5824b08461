import { describe, expect, test } from "bun:test";
import { imageTags } from "../../../../src/analyzers/visibility/derive/image-tags.ts";

describe("imageTags: <img> start tags exactly as the source writes them", () => {
  test("each tag's text, its src decoded as the DOM reads it, and whether it has alt or is hidden", () => {
    const html = `<p><IMG SRC="/a.png?x=1&amp;y=2" width=10><img src='/b.png' alt=""/><img role="presentation" src=/c.png></p>`;
    expect(imageTags(html)).toEqual([
      { text: '<IMG SRC="/a.png?x=1&amp;y=2" width=10>', src: "/a.png?x=1&y=2", hasAlt: false, hidden: false },
      { text: "<img src='/b.png' alt=\"\"/>", src: "/b.png", hasAlt: true, hidden: false },
      { text: "<img role=\"presentation\" src=/c.png>", src: "/c.png", hasAlt: false, hidden: true },
    ]);
  });

  test("a > inside a quoted value does not end the tag", () => {
    expect(imageTags(`<img src="/a.png" title="a > b" data-x='c>d'>`)[0]!.text).toBe(`<img src="/a.png" title="a > b" data-x='c>d'>`);
  });

  test("an <img in a comment, a script, a style or a title is no element", () => {
    const html = `<!-- <img src="/old.png"> --><script>const t = '<img src="/js.png">';</script><style>/* <img src=/css.png> */</style><title><img src=/t.png></title><img src="/real.png">`;
    expect(imageTags(html).map((tag) => tag.src)).toEqual(["/real.png"]);
  });

  test("<imgx> and <image> are other elements", () => {
    expect(imageTags(`<imgx src="/a"><image src="/b"><img src="/c">`).map((tag) => tag.src)).toEqual(["/c"]);
  });

  test("hostile input: an unclosed tag, an unclosed quote or comment ends the scan instead of looping", () => {
    expect(imageTags(`<img src="/a.png"><img src="/b.png`)).toHaveLength(1);
    expect(imageTags(`<img src="/a.png"><img title="never closed>`)).toHaveLength(1);
    expect(imageTags(`<img src="/a.png"><!-- never closed <img src="/b.png">`)).toHaveLength(1);
    // Many unclosed starts: one pass, bounded by the page's length.
    expect(imageTags(`<img src="x" ${"<img ".repeat(100_000)}`)).toEqual([]);
    expect(imageTags(`${'<img src="/a">'.repeat(10_000)}`)).toHaveLength(5000);
  });
});
