/** The request the app routes: its path from the request target alone, whatever the Host (issue 30, finding 5). */
import { expect, test } from "bun:test";
import { hostFieldProblem, routableRequest } from "../../src/http/request-target.ts";

const hostOf = (value: string) => hostFieldProblem(new Headers({ host: value }));

test("a Host that names one host, with or without a port, passes; an empty one too (RFC 9110 §7.2)", () => {
  for (const host of ["a", "example.com", "example.com:8080", "127.0.0.1:3000", "[::1]", "[2001:db8::1]:443", "", "xn--bcher-kva.example", "a%2Db"]) {
    expect(hostOf(host)).toBeNull();
  }
  expect(hostFieldProblem(new Headers())).toBeNull();
});

test("a list, whitespace, a path, userinfo, a bad escape or a bad port is refused", () => {
  expect(hostOf("a.test, b.test")).toBe("more than one Host header");
  expect(hostOf("a,b")).toBe("more than one Host header");
  for (const host of ["a b", "a/b", "user@a", "a?b", "a#b", "a\\b", "a%zz", "a:8o", "[::1", "a\tb"]) {
    expect(hostOf(host)).toBe("an invalid Host header");
  }
});

test("a URL Elysia would misread gets a placeholder host; method, path, query, headers and body are kept", async () => {
  const cases: [string, string][] = [["http://a/xx/metrics?q=1", "/xx/metrics?q=1"], ["http://abc/", "/"], ["/xx/admin", "/xx/admin"], ["http://a:1//x", "//x"]];
  for (const [url, path] of cases) {
    const original = new Request(url.startsWith("/") ? `http://placeholder${url}` : url, { method: "POST", headers: { "x-test": "kept" }, body: "payload" });
    const given = url.startsWith("/") ? Object.defineProperty(original, "url", { value: url }) : original;
    const routable = routableRequest(given);
    expect(routable).not.toBe(given);
    expect(routable.url.slice(routable.url.indexOf("/", 11))).toBe(path);
    expect(routable.method).toBe("POST");
    expect(routable.headers.get("x-test")).toBe("kept");
    expect(await routable.text()).toBe("payload");
  }
});

test("a URL Elysia reads right is handed over as it is", () => {
  for (const url of ["http://abcd/x", "http://localhost:3000/api/scan", "http://[::1]/healthz"]) {
    const request = new Request(url);
    expect(routableRequest(request)).toBe(request);
  }
});
