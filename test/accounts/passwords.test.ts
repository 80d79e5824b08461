import { describe, expect, test } from "bun:test";
import { hashPassword, passwordProblem, verifyPassword } from "../../src/auth/passwords.ts";
import { commonPasswordCount, isCommonPassword } from "../../src/auth/common-passwords.ts";
import { checkEmail } from "../../src/accounts/email-address.ts";

describe("password rules", () => {
  test("12 to 256 characters, counted as the person sees them", () => {
    expect(passwordProblem("short pass1")).toContain("at least 12");
    expect(passwordProblem("twelve chars")).toBeNull();
    // Only spaces (issue 28), any whitespace, or one character repeated: refused, with a reason.
    expect(passwordProblem(" ".repeat(12))).toContain("only spaces");
    expect(passwordProblem(" \t\u00a0".repeat(5))).toContain("only spaces");
    expect(passwordProblem("é".repeat(14))).toContain("one character repeated");
    expect(passwordProblem("  twelve chars  ")).toBeNull();
    expect(passwordProblem("🙂".repeat(11))).toContain("at least 12");
    expect(passwordProblem("a".repeat(200) + "b".repeat(57))).toContain("at most 256");
    expect(passwordProblem("x".repeat(100) + "y".repeat(156))).toBeNull();
  });

  test("no composition rules: a long lower-case phrase passes", () => {
    expect(passwordProblem("violet staple orbit canyon")).toBeNull();
  });

  test("common passwords are refused, whatever their case", () => {
    for (const common of ["password1234", "qwertyuiop123", "123456789012", "iloveyou1234", "Password1234", "QWERTYUIOP123", "1qaz2wsx3edc", "aaaaaaaaaaaa", "abcabcabcabc", "football1234"]) {
      expect(isCommonPassword(common)).toBe(true);
      expect(passwordProblem(common)).toContain("most commonly used");
    }
    expect(isCommonPassword("violet staple orbit canyon")).toBe(false);
    expect(commonPasswordCount()).toBeGreaterThan(3000);
  });

  test("hashes are Argon2id with at least OWASP's minimum parameters, and verify", async () => {
    const hash = await hashPassword("violet staple orbit canyon");
    expect(hash).toStartWith("$argon2id$v=19$m=19456,t=2,");
    expect(hash).not.toContain("violet");
    expect(await verifyPassword("violet staple orbit canyon", hash)).toBe(true);
    expect(await verifyPassword("violet staple orbit canyoN", hash)).toBe(false);
    expect(await verifyPassword("anything", "not a hash")).toBe(false);
  });
});

describe("email addresses", () => {
  test("trimmed, lower-cased and checked for a plausible shape", () => {
    expect(checkEmail("  Ann@Example.COM ")).toEqual({ ok: true, email: "ann@example.com" });
    for (const bad of ["", "ann", "ann@", "@example.com", "ann@example", "a b@example.com", "ann@@example.com", "ann@exa..mple.com", `${"a".repeat(250)}@example.com`]) {
      expect(checkEmail(bad).ok).toBe(false);
    }
  });
});
