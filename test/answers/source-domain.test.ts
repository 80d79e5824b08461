import { expect, test } from "bun:test";
import { isSameSite, siteOfHost, sourceSite } from "../../src/answers/source-domain.ts";

test("a source's host and registrable domain, www. dropped", () => {
  expect(sourceSite("https://www.Example.co.uk/a?b", null)).toEqual({ host: "example.co.uk", domain: "example.co.uk" });
  expect(sourceSite("https://blog.example.com/", null)).toEqual({ host: "blog.example.com", domain: "example.com" });
  expect(sourceSite("https://münchen.de/", null)).toEqual({ host: "xn--mnchen-3ya.de", domain: "xn--mnchen-3ya.de" });
  expect(sourceSite("http://127.0.0.1:8080/", null)).toEqual({ host: "127.0.0.1", domain: "127.0.0.1" });
});

test("URLs that are not web pages are no source", () => {
  for (const url of ["javascript:alert(1)", "mailto:a@b.c", "not a url", "", "file:///etc/passwd"]) expect(sourceSite(url, null)).toBeNull();
});

test("a redirect's hint names the host: a domain, a URL, in Unicode; anything else is no source", () => {
  const redirect = "https://vertexaisearch.cloud.google.com/grounding-api-redirect/AAA";
  expect(sourceSite(redirect, "www.example.com")).toEqual({ host: "example.com", domain: "example.com" });
  expect(sourceSite(redirect, "https://shop.example.com/x")).toEqual({ host: "shop.example.com", domain: "example.com" });
  expect(sourceSite(redirect, "München.de")).toEqual({ host: "xn--mnchen-3ya.de", domain: "xn--mnchen-3ya.de" });
  for (const hint of ["Example Domain", "<b>x</b>", "localhost", "example.notatld", "", "a".repeat(300) + ".com"]) expect(sourceSite(redirect, hint)).toBeNull();
});

test("a registrable domain owns its subdomains; a watched subdomain only itself", () => {
  const root = siteOfHost("example.com");
  expect(isSameSite(siteOfHost("www.example.com"), root)).toBe(true);
  expect(isSameSite(siteOfHost("blog.example.com"), root)).toBe(true);
  expect(isSameSite(siteOfHost("example.com.evil.net"), root)).toBe(false);
  expect(isSameSite(siteOfHost("notexample.com"), root)).toBe(false);
  const shop = siteOfHost("shop.example.com");
  expect(isSameSite(siteOfHost("www.shop.example.com"), shop)).toBe(true);
  expect(isSameSite(siteOfHost("example.com"), shop)).toBe(false);
  expect(isSameSite(siteOfHost("blog.example.com"), shop)).toBe(false);
  // A suffix on the Public Suffix List's private part is not a registrable domain of its owner.
  expect(isSameSite(siteOfHost("alice.github.io"), siteOfHost("github.io"))).toBe(true);
});
