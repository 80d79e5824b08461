import { describe, expect, test } from "bun:test";
import { normalizeTarget } from "../../src/scans/normalize-target.ts";

const domainOf = (input: unknown) => {
  const result = normalizeTarget(input);
  if (!result.ok) throw new Error(`expected ${String(input)} to normalise, got: ${result.error}`);
  return result.domain;
};
const errorOf = (input: unknown) => {
  const result = normalizeTarget(input);
  if (result.ok) throw new Error(`expected ${String(input)} to be refused, got ${result.domain}`);
  return result.error;
};

describe("normalizeTarget accepts", () => {
  test.each([
    ["example.com", "example.com"],
    ["Example.COM", "example.com"],
    ["https://example.com", "example.com"],
    ["http://example.com/pricing?x=1#top", "example.com"],
    ["HTTPS://WWW.Example.com/", "example.com"],
    ["www.example.com", "example.com"],
    ["example.com.", "example.com"],
    ["www.example.com.", "example.com"],
    ["  example.com  ", "example.com"],
    ["example.com:443", "example.com"],
    ["http://example.com:80/", "example.com"],
    ["blog.example.com", "blog.example.com"],
    ["www2.example.com", "www2.example.com"],
    ["shop.www.example.com", "shop.www.example.com"],
    ["bücher.de", "xn--bcher-kva.de"],
    ["https://Bücher.de/katalog", "xn--bcher-kva.de"],
    ["example.com/path/with:colon", "example.com"],
  ])("%s → %s", (input, expected) => {
    expect(domainOf(input)).toBe(expected);
  });
});

describe("normalizeTarget refuses", () => {
  test("a non-string url", () => {
    for (const value of [undefined, null, 42, true, {}, ["example.com"]]) expect(errorOf(value)).toContain("must be a string");
  });
  test("an empty url", () => {
    expect(errorOf("")).toContain("empty");
    expect(errorOf("   ")).toContain("empty");
  });
  test("a url over 2,048 characters", () => {
    expect(errorOf(`https://example.com/${"a".repeat(2040)}`)).toContain("2048");
  });
  test.each(["ftp://example.com", "file:///etc/passwd", "javascript:alert(1)", "mailto:a@example.com", "gopher://example.com", "data:text/html,x"])(
    "the scheme of %s",
    (input) => {
      expect(errorOf(input)).toBe("Only http and https URLs can be scanned.");
    },
  );
  test.each(["https://user:pass@example.com", "user@example.com", "good.test@127.0.0.1", "http://a@b.example.com/"])("user info in %s", (input) => {
    expect(errorOf(input)).toContain("user information");
  });
  test.each(["example.com:8080", "https://example.com:8443/", "http://example.com:22"])("a non-standard port in %s", (input) => {
    expect(errorOf(input)).toContain("Port");
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
  ])("the IP literal %s", (input) => {
    expect(errorOf(input)).toContain("IP addresses cannot be scanned");
  });
  test("a label longer than 63 characters", () => {
    expect(errorOf(`${"a".repeat(64)}.com`)).toContain("63");
  });
  test("a name longer than 253 characters", () => {
    const name = `${Array.from({ length: 5 }, () => "a".repeat(60)).join(".")}.com`;
    expect(errorOf(name)).toContain("253");
  });
  test.each(["localhost", "intranet", "-bad.example.com", "bad-.example.com", "exa mple.com", "exa_mple.com", "..example.com", "https://"])(
    "the malformed name %s",
    (input) => {
      expect(normalizeTarget(input).ok).toBe(false);
    },
  );
  test("echoes hostile input only as a short, single line", () => {
    const error = errorOf(`<script>alert(1)</script>\n${"x".repeat(500)}.com`);
    expect(error.length).toBeLessThan(200);
    expect(error).not.toContain("\n");
  });
});
