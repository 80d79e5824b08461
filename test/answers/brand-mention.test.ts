import { describe, expect, test } from "bun:test";
import { brandMatcher, defaultBrandNames } from "../../src/answers/brand-mention.ts";

describe("brandMatcher", () => {
  const acme = brandMatcher(["Acme", "Acme Tools"]);
  test.each([
    ["Acme is good", true],
    ["ACME's planner", true],
    ["(acme)", true],
    ["try acme-tools", true],
    ["Acme\nTools", true],
    ["Acmeville", false],
    ["NotAcme", false],
    ["acme_tools", false],
    ["acme2", false],
    ["", false],
  ])("%j → %p", (text, expected) => expect(acme(text)).toBe(expected));

  test("Unicode: case-insensitive in any script, composed and decomposed forms alike", () => {
    const cafe = brandMatcher(["Café Zoë"]);
    expect(cafe("Go to CAFÉ ZOË today")).toBe(true);
    expect(cafe("Go to Cafe\u0301 Zoe\u0308 today")).toBe(true);
    expect(cafe("Go to Café Zoëland")).toBe(false);
    // A combining mark after the name continues the word.
    expect(brandMatcher(["Zoe"])("Zoe\u0308")).toBe(false);
    const cyrillic = brandMatcher(["Яндекс"]);
    expect(cyrillic("Сервис ЯНДЕКС лучший")).toBe(true);
    expect(cyrillic("Яндексмаркет")).toBe(false);
    expect(brandMatcher(["東京ガス"])("東京ガスの料金")).toBe(true);
    expect(brandMatcher(["삼성"])("삼성의 제품")).toBe(true);
    expect(brandMatcher(["Acme 東京"])("Acme 東京の")).toBe(true);
    expect(brandMatcher(["Acme 東京"])("XAcme 東京の")).toBe(false);
  });

  test("names are literal text, never patterns", () => {
    expect(brandMatcher(["a.b (c)"])("see a.b (c) here")).toBe(true);
    expect(brandMatcher(["a.b"])("see axb here")).toBe(false);
    expect(brandMatcher(["C++"])("we use c++ daily")).toBe(true);
    expect(brandMatcher(["[", "\\", "$^"])("a [ b")).toBe(true);
    expect(brandMatcher([]) ("anything")).toBe(false);
    expect(brandMatcher(["  "])("anything")).toBe(false);
  });

  test("linear on hostile text", () => {
    const matcher = brandMatcher(["aaaa aaaa aaaa b"]);
    expect(matcher(`${"aaaa ".repeat(50_000)}c`)).toBe(false);
  });
});

test("default names: the name without its suffix (in Unicode), with spaces for hyphens, and the domain", () => {
  expect(defaultBrandNames("acme.com")).toEqual(["acme", "acme.com"]);
  expect(defaultBrandNames("acme-tools.co.uk")).toEqual(["acme-tools", "acme tools", "acme-tools.co.uk"]);
  expect(defaultBrandNames("xn--mnchen-3ya.de")).toEqual(["münchen", "münchen.de"]);
  expect(defaultBrandNames("shop.acme.com")).toEqual(["acme", "shop.acme.com"]);
});
