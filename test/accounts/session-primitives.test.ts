import { describe, expect, test } from "bun:test";
import {
  clearedSessionCookie,
  generateSessionToken,
  hashSessionToken,
  isSessionTokenShaped,
  readCookie,
  sessionCookie,
  sessionCookieName,
} from "../../src/auth/sessions.ts";
import { checkSameOrigin, publicOrigin } from "../../src/auth/csrf.ts";
import { ACCOUNT_THROTTLE, IP_THROTTLE, lockDurationMs } from "../../src/accounts/login-throttle.ts";

describe("session tokens", () => {
  test("160 random bits in base32, different every time; stored as SHA-256", () => {
    const tokens = new Set(Array.from({ length: 200 }, generateSessionToken));
    expect(tokens.size).toBe(200);
    for (const token of tokens) expect(isSessionTokenShaped(token)).toBe(true);
    // 32 base32 characters carry 5 bits each.
    expect([...tokens][0]!.length * 5).toBeGreaterThanOrEqual(120);
    expect(hashSessionToken("abc").length).toBe(32);
    expect(isSessionTokenShaped("x' OR 1=1 --")).toBe(false);
  });
});

describe("session cookies", () => {
  test("over http: HttpOnly, SameSite=Lax, Path=/, no Secure, no prefix", () => {
    const cookie = sessionCookie("user", "http://localhost:3000", "t".repeat(32), 3600);
    expect(cookie).toBe(`sightline_session=${"t".repeat(32)}; Path=/; Max-Age=3600; HttpOnly; SameSite=Lax`);
  });

  test("over https: Secure and the __Host- prefix", () => {
    const cookie = sessionCookie("admin", "https://scan.example.com", "t".repeat(32), 60);
    expect(cookie).toStartWith("__Host-sightline_admin=");
    expect(cookie).toContain("; Secure");
    expect(cookie).toContain("; Path=/");
    expect(cookie).not.toContain("Domain");
    expect(clearedSessionCookie("user", "https://scan.example.com")).toBe("__Host-sightline_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax; Secure");
  });

  test("the cookie is read by exact name", () => {
    const name = sessionCookieName("user", "http://x");
    expect(readCookie(`other=1; ${name}=abc; x${name}=no`, name)).toBe("abc");
    expect(readCookie("nothing=here", name)).toBeNull();
    expect(readCookie(null, name)).toBeNull();
  });
});

describe("same-origin check for form posts", () => {
  const origin = publicOrigin("https://scan.example.com/");
  const check = (headers: Record<string, string>) => checkSameOrigin(new Headers(headers), origin).ok;

  test("our own origin passes", () => {
    expect(origin).toBe("https://scan.example.com");
    expect(check({ origin, "sec-fetch-site": "same-origin" })).toBe(true);
    expect(check({ origin })).toBe(true);
  });

  test("other origins, cross-site or same-site fetches, and requests without Origin are refused", () => {
    expect(check({ origin: "https://evil.example" })).toBe(false);
    expect(check({ origin: "http://scan.example.com" })).toBe(false);
    expect(check({ origin: "null" })).toBe(false);
    expect(check({ origin, "sec-fetch-site": "cross-site" })).toBe(false);
    expect(check({ origin, "sec-fetch-site": "same-site" })).toBe(false);
    expect(check({})).toBe(false);
  });
});

describe("growing delays", () => {
  test("free failures first, then one second doubling up to fifteen minutes", () => {
    const delays = Array.from({ length: 20 }, (_, index) => lockDurationMs(ACCOUNT_THROTTLE, index + 1));
    expect(delays.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(delays.slice(4, 8)).toEqual([1000, 2000, 4000, 8000]);
    expect(delays.at(-1)).toBe(15 * 60_000);
    expect(lockDurationMs(IP_THROTTLE, 19)).toBe(0);
    expect(lockDurationMs(IP_THROTTLE, 10_000)).toBe(15 * 60_000);
  });
});
