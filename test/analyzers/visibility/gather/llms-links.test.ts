import { describe, expect, test } from "bun:test";
import { siteLinksToCheck } from "../../../../src/analyzers/visibility/gather/llms-links.ts";

const BASE = "https://example.com/llms.txt";

describe("siteLinksToCheck", () => {
  test("links under the Optional H2 are not checked: readers may skip them", () => {
    const text = "# X\n\n## Docs\n\n- [a](/a)\n\n## Optional\n\n- [b](/b)\n- [c](/c)\n";
    expect(siteLinksToCheck(text, BASE, "example.com")).toEqual(["https://example.com/a"]);
  });

  test("links in fenced code and images are not checked; links in the details are", () => {
    const text = "# X\n\nSee [the guide](/guide). ![logo](/logo.png)\n\n```\n[x](/in-code)\n```\n\n## Docs\n\n- [a](/a)\n";
    expect(siteLinksToCheck(text, BASE, "example.com")).toEqual(["https://example.com/guide", "https://example.com/a"]);
  });
});
