import { describe, expect, test } from "bun:test";
import { isHtmlDocumentBody } from "../../../../src/analyzers/visibility/derive/html-document-body.ts";
import { parseLlmsTxt } from "../../../../src/analyzers/visibility/derive/llms-txt-document.ts";

const BASE = "https://example.com/llms.txt";

describe("parseLlmsTxt: the proposal's parts in order", () => {
  const text = [
    "\uFEFF# FastHTML", // 1 (after a byte-order mark, which the proposal allows)
    "",
    "> A python library for hypermedia apps.", // 3
    "> It is not FastAPI.",
    "",
    "Important notes:", // 6
    "",
    "- Works with vanilla JS",
    "",
    "## Docs", // 10
    "",
    "- [Quick start](/docs/quickstart.md): A brief overview", // 12
    "- [HTMX reference](https://github.com/bigskysoftware/htmx/blob/master/reference.md)",
    "",
    "## Optional", // 15
    "",
    "- [Starlette](https://starlette.dev/full.md): A subset of the docs", // 17
  ].join("\r\n");
  const document = parseLlmsTxt(text, BASE);

  test("title, summary, details and sections, with 1-based line numbers", () => {
    expect(document.title).toMatchObject({ kind: "heading", level: 1, text: "FastHTML", line: 1 });
    expect(document.beforeTitle).toEqual([]);
    expect(document.summary).toMatchObject({ kind: "blockquote", line: 3, endLine: 4 });
    expect(document.details.map((block) => [block.kind, block.line])).toEqual([
      ["paragraph", 6],
      ["list", 8],
    ]);
    expect(document.sections.map((section) => [section.heading.text, section.heading.line, section.optional])).toEqual([
      ["Docs", 10, false],
      ["Optional", 15, true],
    ]);
  });

  test("file-list items: name, URL resolved against the file, notes", () => {
    const list = document.sections[0]!.blocks[0]!;
    expect(list.kind).toBe("list");
    if (list.kind !== "list") return;
    expect(list.items.map((item) => [item.line, item.link?.name, item.link?.href, item.link?.notes, item.link?.stray])).toEqual([
      [12, "Quick start", "https://example.com/docs/quickstart.md", "A brief overview", null],
      [13, "HTMX reference", "https://github.com/bigskysoftware/htmx/blob/master/reference.md", null, null],
    ]);
  });

  test("every link, with its line, its section and whether it is optional", () => {
    expect(document.links.map((link) => [link.line, link.section, link.optional])).toEqual([
      [12, "Docs", false],
      [13, "Docs", false],
      [17, "Optional", true],
    ]);
  });
});

describe("parseLlmsTxt: Markdown details that matter to the rules", () => {
  test("`#` lines and links inside fenced code are neither headings nor links", () => {
    const document = parseLlmsTxt("# T\n\n```sh\n# comment\n[x](/x)\n```\n\n~~~\n## not a section\n~~~\n", BASE);
    expect(document.blocks.map((block) => block.kind)).toEqual(["heading", "code", "code"]);
    expect(document.sections).toEqual([]);
    expect(document.links).toEqual([]);
  });

  test("list items keep wrapped lines and nested items; a blank line between items does not end the list", () => {
    const document = parseLlmsTxt("# T\n\n## S\n\n- [a](/a): one\n  two\n\n- [b](/b)\n  - [c](/c)\n- d\n", BASE);
    const list = document.sections[0]!.blocks;
    expect(list).toHaveLength(1);
    if (list[0]!.kind !== "list") throw new Error("expected a list");
    expect(list[0]!.items.map((item) => [item.line, item.content])).toEqual([
      [5, "[a](/a): one two"],
      [8, "[b](/b)"],
      [9, "[c](/c)"],
      [10, "d"],
    ]);
    expect(list[0]!.items[3]!.link).toBeNull();
  });

  test("text after a link that is not `: notes` is kept apart", () => {
    const document = parseLlmsTxt("# T\n\n## S\n\n- [a](/a) - the a page\n", BASE);
    const block = document.sections[0]!.blocks[0]!;
    if (block.kind !== "list") throw new Error("expected a list");
    expect(block.items[0]!.link).toMatchObject({ notes: null, stray: "- the a page" });
  });

  test("blocks before the H1, and an H1 that is not first", () => {
    const document = parseLlmsTxt("Intro\n\n# T\n\n> S\n", BASE);
    expect(document.beforeTitle.map((block) => block.line)).toEqual([1]);
    expect(document.title?.line).toBe(3);
    expect(document.summary?.line).toBe(5);
  });

  test("a blockquote after details is not the summary", () => {
    const document = parseLlmsTxt("# T\n\nDetails.\n\n> Late summary\n", BASE);
    expect(document.summary).toBeNull();
    expect(document.details.map((block) => block.kind)).toEqual(["paragraph", "blockquote"]);
  });

  test("only ATX headings count: `#Title` and an underlined title are paragraphs", () => {
    expect(parseLlmsTxt("#Title\n", BASE).title).toBeNull();
    expect(parseLlmsTxt("Title\n=====\n", BASE).title).toBeNull();
    expect(parseLlmsTxt("# Title #\n", BASE).title?.text).toBe("Title");
  });

  test("images are not links; URLs with balanced parentheses are", () => {
    const document = parseLlmsTxt("# T\n\n![logo](/logo.png) see [Bread](https://en.wikipedia.org/wiki/Bread_(food))\n", BASE);
    expect(document.links.map((link) => link.href)).toEqual(["https://en.wikipedia.org/wiki/Bread_(food)"]);
  });

  test("an empty file has no blocks", () => {
    expect(parseLlmsTxt("", BASE).blocks).toEqual([]);
    expect(parseLlmsTxt("\n\n", BASE).title).toBeNull();
  });
});

describe("isHtmlDocumentBody: HTML pages told apart from Markdown by the body", () => {
  test.each([
    ["<!DOCTYPE html><html><body></body></html>", true],
    ["\n  <html lang=en><head></head></html>", true],
    ['<div id="root"></div><script src="/app.js"></script>', true],
    ["<!-- build 42 -->\n<!doctype html>\n<html></html>", true],
    ["<!-- generated -->\n# Example\n\n> Summary\n", false],
    ["# Example\n\n<details>more</details>\n", false],
    ["\uFEFF# Example\n", false],
    ["", false],
  ])("%p → %p", (body, html) => {
    expect(isHtmlDocumentBody(body)).toBe(html);
  });
});
