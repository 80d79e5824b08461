import { describe, expect, test } from "bun:test";
import { LOCAL_SITE_HINT } from "../../src/scans/local-site-hint.ts";
import { normalizeTarget } from "../../src/scans/normalize-target.ts";

const accepted = (input: unknown) => {
  const result = normalizeTarget(input);
  if (!result.ok) throw new Error(`expected ${String(input)} to normalise, got: ${result.error}`);
  return result;
};
const domainOf = (input: unknown) => accepted(input).domain;
const errorOf = (input: unknown) => {
  const result = normalizeTarget(input);
  if (result.ok) throw new Error(`expected ${String(input)} to be refused, got ${result.domain}`);
  return result.error;
};

describe("normalizeTarget accepts", () => {
  test.each([
    // plain names, case and whitespace
    ["example.com", "example.com"],
    ["Example.COM", "example.com"],
    ["  example.com  ", "example.com"],
    ["blog.example.com", "blog.example.com"],
    ["a-b.example.com", "a-b.example.com"],
    ["123.example.com", "123.example.com"],
    // schemes, paths, queries, fragments
    ["https://example.com", "example.com"],
    ["http://example.com/pricing?x=1#top", "example.com"],
    ["HTTPS://WWW.Example.com/", "example.com"],
    ["example.com/path/with:colon", "example.com"],
    ["example.com?q=1", "example.com"],
    ["example.com#section", "example.com"],
    ["//example.com/x", "example.com"],
    // what the URL standard accepts for special schemes
    ["http:example.com/", "example.com"],
    ["https:/example.com/", "example.com"],
    ["https:///example.com/", "example.com"],
    ["http:\\\\example.com\\path", "example.com"],
    ["HTTP:EXAMPLE.COM", "example.com"],
    ["http://@example.com/", "example.com"],
    ["https://ex%41mple.com/", "example.com"],
    // ports: the standard ones, an empty one, leading zeros
    ["example.com:443", "example.com"],
    ["example.com:80", "example.com"],
    ["http://example.com:80/", "example.com"],
    ["https://example.com:443/", "example.com"],
    ["http://example.com:443/", "example.com"],
    ["example.com:", "example.com"],
    ["https://example.com:/", "example.com"],
    ["example.com:0443", "example.com"],
    // trailing dot
    ["example.com.", "example.com"],
    ["https://example.com./", "example.com"],
    ["www.example.com.", "example.com"],
    // www. is dropped only when what remains is a registrable name (or below one)
    ["www.example.com", "example.com"],
    ["www.example.co.uk", "example.co.uk"],
    ["www.blog.example.com", "blog.example.com"],
    ["www2.example.com", "www2.example.com"],
    ["shop.www.example.com", "shop.www.example.com"],
    ["www.com", "www.com"],
    ["https://www.com/", "www.com"],
    ["www.co.uk", "www.co.uk"],
    ["WWW.CO.UK.", "www.co.uk"],
    ["www.gov.uk", "www.gov.uk"],
    ["www.github.io", "www.github.io"],
    ["www.ck", "www.ck"],
    // registrable names under a private suffix, and the private suffix itself (a site run by its owner)
    ["user.github.io", "user.github.io"],
    ["github.io", "github.io"],
    // names under suffixes the list does not know (tests and intranets reach them via SCAN_CONNECT_TO)
    ["good.test", "good.test"],
    ["www.good.test", "good.test"],
    ["app.internal", "app.internal"],
    // IDN: Unicode and punycode, mapped as the URL standard maps them
    ["bücher.de", "xn--bcher-kva.de"],
    ["BÜCHER.DE", "xn--bcher-kva.de"],
    ["https://Bücher.de/katalog", "xn--bcher-kva.de"],
    ["www.bücher.de", "xn--bcher-kva.de"],
    ["xn--bcher-kva.de", "xn--bcher-kva.de"],
    ["例え.jp", "xn--r8jz45g.jp"],
    ["example。com", "example.com"],
    ["ｅｘａｍｐｌｅ.com", "example.com"],
  ])("%s → %s", (input, expected) => {
    expect(domainOf(input)).toBe(expected);
  });

  test.each([
    ["example.com", "https://example.com/"],
    ["http:example.com/a?b=1#c", "http://example.com/a?b=1"],
    ["https:/www.example.com/p", "https://www.example.com/p"],
    ["Example.com.:443/x", "https://example.com/x"],
    ["example.com:", "https://example.com/"],
    ["http://www.bücher.de:80/a", "http://www.xn--bcher-kva.de/a"],
  ])("%s is the page %s (www. kept, no fragment, no trailing dot)", (input, url) => {
    expect(accepted(input).url).toBe(url);
  });
});

describe("normalizeTarget refuses, naming the reason", () => {
  test("a non-string url", () => {
    for (const value of [undefined, null, 42, true, {}, ["example.com"]]) expect(errorOf(value)).toContain("must be a string");
  });

  test("an empty url", () => {
    expect(errorOf("")).toContain("empty");
    expect(errorOf("   ")).toContain("empty");
  });

  test("a url over 2,048 characters", () => {
    expect(errorOf(`https://example.com/${"a".repeat(2040)}`)).toBe("url is longer than 2048 characters.");
  });

  test("a name longer than 253 characters", () => {
    const name = `${Array.from({ length: 5 }, () => "a".repeat(60)).join(".")}.com`;
    expect(errorOf(name)).toBe("The domain name is longer than 253 characters.");
  });

  test("a label longer than 63 characters", () => {
    expect(errorOf(`${"a".repeat(64)}.com`)).toContain("longer than 63 characters, the limit for one part of a domain name");
  });

  test.each([
    ["ftp://example.com", "ftp"],
    ["FTP://example.com", "ftp"],
    ["file:///etc/passwd", "file"],
    ["javascript:alert(1)", "javascript"],
    ["mailto:a@example.com", "mailto"],
    ["gopher://example.com", "gopher"],
    ["data:text/html,x", "data"],
    ["ws://example.com/", "ws"],
    ["example.com://x", "example.com"],
  ])("the scheme of %s", (input, scheme) => {
    expect(errorOf(input)).toBe(`Only http and https URLs can be scanned, not ${scheme}: URLs.`);
  });

  test.each(["https://user:pass@example.com", "user@example.com", "good.test@127.0.0.1", "http://a@b.example.com/", "https://:pw@example.com/"])(
    "user info in %s",
    (input) => {
      expect(errorOf(input)).toBe("URLs with user information (user@host) are not accepted.");
    },
  );

  test.each([
    ["example.com:8080", "8080"],
    ["https://example.com:8443/", "8443"],
    ["http://example.com:22", "22"],
    ["example.com:0", "0"],
    ["localhost:8080", "8080"],
  ])("the non-standard port in %s", (input, port) => {
    expect(errorOf(input)).toBe(`Port ${port} is not supported: only sites on the standard ports 80 and 443 can be scanned. ${LOCAL_SITE_HINT}`);
  });

  test.each([
    ["example.com:abc", 'The port "abc" is not a number: a port is digits only, such as 443.'],
    ["https://example.com:44x/", 'The port "44x" is not a number: a port is digits only, such as 443.'],
    ["https://example.com:99999", "Port 99999 does not exist: port numbers end at 65535."],
  ])("the malformed port in %s", (input, message) => {
    expect(errorOf(input)).toBe(message);
  });

  test.each([
    "127.0.0.1",
    "http://127.0.0.1/",
    "10.0.0.1",
    "[::1]",
    "http://[::ffff:127.0.0.1]/",
    "2130706433",
    "0x7f.1",
    "0177.0.0.1",
    "169.254.169.254",
    "[fe80::1]",
    "[64:ff9b::a9fe:a9fe]",
    "8.8.8.8",
    "http:8.8.8.8/",
  ])("the IP literal %s", (input) => {
    expect(errorOf(input)).toBe(`IP addresses cannot be scanned: enter a domain name. ${LOCAL_SITE_HINT}`);
  });

  test.each(["1.2.3.256", "example.123", "https://example.0x1/"])("%s, which ends in a number but is no valid address", (input) => {
    expect(errorOf(input)).toContain("ends in a number, so it reads as an IP address, and it is not a valid one");
  });

  test("a broken IPv6 literal", () => {
    expect(errorOf("https://[::1/")).toContain('"[::1" is not a valid IPv6 address');
  });

  test.each(["https://", "https:///", "https://:443/", "https://user@/", "http:"])("no host in %s", (input) => {
    expect(errorOf(input)).toContain("has no domain name");
  });

  test.each([
    ["localhost", '"localhost" is not a full domain name'],
    ["intranet", '"intranet" is not a full domain name'],
    ["com", '"com" is not a full domain name'],
    ["localhost:", '"localhost" is not a full domain name'],
  ])("the single label %s", (input, message) => {
    expect(errorOf(input)).toContain(message);
  });

  test("a machine's name, an IP address or another port points the operator to SCAN_CONNECT_TO; a public suffix does not", () => {
    for (const input of ["localhost", "intranet", "localhost:8080", "127.0.0.1", "rosewood-bakery.com:8080"]) expect(errorOf(input)).toEndWith(LOCAL_SITE_HINT);
    expect(LOCAL_SITE_HINT).toContain("SCAN_CONNECT_TO");
    expect(errorOf("com")).not.toContain("SCAN_CONNECT_TO");
  });

  test.each([
    ["co.uk", "co.uk"],
    ["https://gov.uk/", "gov.uk"],
    ["Com.Au.", "com.au"],
    ["foo.ck", "foo.ck"],
  ])("the public suffix %s", (input, suffix) => {
    expect(errorOf(input)).toBe(
      `"${suffix}" is a public suffix, under which others register domains, not a domain itself: enter a registered domain such as example.${suffix}.`,
    );
  });

  test.each([
    ["exa_mple.com", 'contains "_"'],
    ["exa*mple.com", 'contains "*"'],
    ["exa!mple.com", 'contains "!"'],
    ["exa mple.com", "contains a space"],
    ["https://exa mple.com/", "contains a space"],
    ["exa<mple.com", 'contains "<"'],
    ["https://ex%zzample.com/", 'contains "%"'],
    ["exa\u0007mple.com", "contains a control or whitespace character"],
  ])("the character in %s", (input, what) => {
    const error = errorOf(input);
    expect(error).toContain(what);
    expect(error).toContain("which a domain name cannot contain");
  });

  test.each(["-bad.example.com", "bad-.example.com"])("the hyphen at the edge of a label in %s", (input) => {
    expect(errorOf(input)).toContain("starts or ends with a hyphen");
  });

  test.each(["..example.com", ".example.com", "example..com", "example.com.."])("the empty label in %s", (input) => {
    expect(errorOf(input)).toContain("has an empty part between two dots");
  });

  test.each(["xn--zz.com", "https://xn--a.example.com/"])("the undecodable punycode in %s", (input) => {
    expect(errorOf(input)).toContain("is not a valid internationalised domain name: its xn-- (punycode) part does not decode");
  });

  test("a Unicode name with characters IDNA forbids", () => {
    expect(errorOf("exa\uFFFDmple.com")).toContain("is not a valid internationalised domain name");
  });

  test("echoes hostile input only as a short, single line", () => {
    for (const input of [`<script>alert(1)</script>\n${"x".repeat(500)}.com`, `https://exa mple${"x".repeat(500)}.com/`, `example.com:${"x".repeat(500)}`]) {
      const error = errorOf(input);
      expect(error.length).toBeLessThan(250);
      expect(error).not.toContain("\n");
    }
  });
});
