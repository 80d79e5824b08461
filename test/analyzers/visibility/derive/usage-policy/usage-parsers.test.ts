import { describe, expect, test } from "bun:test";
import { preferenceList } from "../../../../../src/analyzers/visibility/derive/usage-policy/preference-list.ts";
import { rslPointers, validateRsl } from "../../../../../src/analyzers/visibility/derive/usage-policy/rsl-licence.ts";
import { tdmFile } from "../../../../../src/analyzers/visibility/derive/usage-policy/tdmrep.ts";
import type { TextFileArtifact } from "../../../../../src/analyzers/visibility/gather/artifacts.ts";

const file = (text: string, status = 200): TextFileArtifact => ({ url: "https://x.test/f", ok: true, status, finalUrl: "https://x.test/f", contentType: "application/json", text, truncated: false });

describe("usage-signal parsers against hostile input", () => {
  test("preference lists: both vocabularies, parameters, quotes, and a bounded member count", () => {
    expect(preferenceList("search=yes, ai-input=no,ai-train=no, use=reference")).toEqual([
      { key: "search", value: "yes", raw: "search=yes" },
      { key: "ai-input", value: "no", raw: "ai-input=no" },
      { key: "ai-train", value: "no", raw: "ai-train=no" },
      { key: "use", value: "reference", raw: "use=reference" },
    ]);
    expect(preferenceList('Train-AI=N;q=1, search="y", junk')).toEqual([
      { key: "train-ai", value: "n", raw: "Train-AI=N;q=1" },
      { key: "search", value: "y", raw: 'search="y"' },
      { key: "junk", value: "", raw: "junk" },
    ]);
    expect(preferenceList("a=b,".repeat(100_000))).toHaveLength(32);
  });

  test("tdmrep.json: not JSON, not an array, an HTML page, a 404, and wildcard bombs", () => {
    expect(tdmFile(file("{"), "/")).toMatchObject({ kind: "invalid", problem: "it is not valid JSON" });
    expect(tdmFile(file('{"location":"/"}'), "/")).toMatchObject({ kind: "invalid", problem: "it is not a JSON array of rules" });
    expect(tdmFile(file("<html>not here</html>"), "/")).toEqual({ kind: "absent" });
    expect(tdmFile(file("", 404), "/")).toEqual({ kind: "absent" });
    const bomb = JSON.stringify([{ location: `/${"*a".repeat(5000)}`, "tdm-reservation": 1 }, { location: "/*", "tdm-reservation": 0 }]);
    const longPath = `/${"a".repeat(4000)}`;
    const read = tdmFile(file(bomb), longPath);
    // The bomb (5,000 wildcards) is skipped unmatched and the next rule decides.
    expect(read).toMatchObject({ kind: "rules", declaration: { reserved: false } });
  });

  test("RSL: pointers from all three routes, resolved and de-duplicated; documents that are not RSL", () => {
    const pointers = rslPointers({
      robotsLicences: [{ line: 3, value: "/license.xml" }],
      linkHeader: '</license.xml>; rel="license"; type="application/rsl+xml", </other.xml>; rel="license"; type="application/rsl+xml", </cc>; rel="license"',
      html: '<link rel="license" type="application/rsl+xml" href="javascript:alert(1)"><link rel="license stylesheet" type="application/rsl+xml" href="/html.xml">',
      base: "https://x.test/",
    });
    expect(pointers.map((pointer) => [pointer.route, pointer.url])).toEqual([
      ["robots.txt License", "https://x.test/license.xml"],
      ["Link header", "https://x.test/other.xml"],
      ["HTML link", "https://x.test/html.xml"],
    ]);
    expect(validateRsl({ ...file('<rsl xmlns="https://example.com/not-rsl"><content url="/"><license/></content></rsl>') })).toMatchObject({ ok: false, problem: expect.stringContaining("not in RSL's namespace") });
    expect(validateRsl({ ...file('<rsl xmlns="https://rslstandard.org/rsl"><content url="/"></content></rsl>') })).toMatchObject({ ok: false, problem: expect.stringContaining("licenses nothing") });
    expect(validateRsl({ ...file("", 500) })).toMatchObject({ ok: false, problem: "it answers HTTP 500" });
    expect(validateRsl({ ...file(`<rsl xmlns="https://rslstandard.org/rsl">${"<content url='/'><license><prohibits>ai-train</prohibits></license></content>".repeat(2000)}</rsl>`) })).toMatchObject({ ok: true, contents: 2000, prohibits: ["ai-train"] });
  });
});
