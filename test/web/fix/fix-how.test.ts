import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { renderFixHow } from "../../../src/web/fix/fix-how.ts";
import { fixCode, fixTextParts } from "../../../src/web/fix/fix-text-parts.ts";
import { inlineText, proseBlocks } from "../../../src/web/fix/inline-text.ts";

function dom(markup: string) {
  return parseHTML(`<!doctype html><html><body>${markup}</body></html>`).document;
}

describe("fixTextParts", () => {
  test("splits explanation from fenced code, with the language", () => {
    expect(fixTextParts("Add to the `<head>`:\n\n```html\n<meta a>\n<meta b>\n```\n\nThen rescan.")).toEqual([
      { kind: "prose", text: "Add to the `<head>`:" },
      { kind: "code", language: "html", code: "<meta a>\n<meta b>" },
      { kind: "prose", text: "Then rescan." },
    ]);
  });

  test("a shorter fence inside a longer one is code; an unclosed fence runs to the end", () => {
    expect(fixCode("````text\n```\ninside\n````")).toEqual(["```\ninside"]);
    expect(fixTextParts("x\n```\nno end")).toEqual([{ kind: "prose", text: "x" }, { kind: "code", language: null, code: "no end" }]);
  });

  test("text without fences is one prose part", () => {
    expect(fixTextParts("1. one\n2. two")).toEqual([{ kind: "prose", text: "1. one\n2. two" }]);
  });
});

describe("inlineText", () => {
  test("backticks become code, everything is escaped", () => {
    expect(inlineText("Set `<html lang=\"en\">` & go").value).toBe("Set <code>&lt;html lang=&quot;en&quot;&gt;</code> &amp; go");
  });

  test("longer delimiters hold backticks; an unmatched backtick stays text", () => {
    expect(inlineText("a ``x`y`` b").value).toBe("a <code>x&#96;y</code> b");
    expect(inlineText("a ``b` c").value).toBe("a &#96;&#96;b&#96; c");
    expect(inlineText("`` `x` ``").value).toBe("<code>&#96;x&#96;</code>");
  });

  test("hostile input never becomes markup", () => {
    const hostile = '<img src=x onerror=alert(1)> `</code><script>alert(2)</script>` "><svg onload=alert(3)>';
    const document = dom(`<p>${inlineText(hostile).value}</p>`);
    expect(document.querySelectorAll("img, script, svg").length).toBe(0);
    expect(document.querySelector("p")!.textContent).toBe(hostile.replace(/`/g, ""));
  });

  test("paragraphs at blank lines, line breaks kept", () => {
    expect(proseBlocks("1. a\n2. b\n\nlast").value).toBe("<p>1. a<br>2. b</p><p>last</p>");
  });
});

describe("renderFixHow", () => {
  test("each block gets a Copy button pointing at its code alone", () => {
    const document = dom(renderFixHow("Paste `this`:\n\n```json\n{\"a\": 1}\n```\nand\n```text\nUser-agent: *\n```", "fix-x").value);
    const buttons = Array.from(document.querySelectorAll("button[data-copy-target]"));
    expect(buttons.length).toBe(2);
    const copied = buttons.map((button) => document.getElementById(button.getAttribute("data-copy-target")!)!.textContent);
    expect(copied).toEqual(['{"a": 1}', "User-agent: *"]);
    expect(document.querySelector("p code")!.textContent).toBe("this");
    expect(document.querySelector("code.language-json")).not.toBeNull();
  });

  test("hostile code and a hostile language stay text", () => {
    const how = "```html\"><script>alert(1)</script>\n</code></pre><script>alert(2)</script>\n```";
    const document = dom(renderFixHow(how, "fix-y").value);
    expect(document.querySelectorAll("script").length).toBe(0);
    expect(fixTextParts(how)[0]!.kind).toBe("prose");
    const fenced = dom(renderFixHow("```html\n</code></pre><script>alert(2)</script>\n```", "fix-z").value);
    expect(fenced.querySelectorAll("script").length).toBe(0);
    expect(fenced.querySelector("pre code")!.textContent).toBe("</code></pre><script>alert(2)</script>");
  });
});
