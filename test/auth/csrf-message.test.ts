/**
 * A refused form says why in words a person can act on: the address it came from, the one this
 * server accepts, and that PUBLIC_URL sets it (the usual cause is 127.0.0.1 against localhost).
 */
import { describe, expect, test } from "bun:test";
import { checkSameOrigin, publicOrigin } from "../../src/auth/csrf.ts";

const expected = publicOrigin("http://localhost:3000");
const verdict = (headers: Record<string, string>) => checkSameOrigin(new Headers(headers), expected);

describe("the cross-site refusal", () => {
  test("a page opened by IP while PUBLIC_URL says localhost is told both addresses and PUBLIC_URL", () => {
    const result = verdict({ origin: "http://127.0.0.1:3000", "sec-fetch-site": "same-origin" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe("Origin does not match PUBLIC_URL");
    expect(result.message).toContain("sent from another site (http://127.0.0.1:3000)");
    expect(result.message).toContain("opened at http://localhost:3000, the address set in PUBLIC_URL");
    expect(result.message).toContain("PUBLIC_URL=http://127.0.0.1:3000");
  });

  test("a post without Origin names the accepted address and PUBLIC_URL, and invents no sender", () => {
    const result = verdict({});
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.message).toContain("without the headers a browser sends");
    expect(result.message).toContain("http://localhost:3000");
    expect(result.message).toContain("PUBLIC_URL");
    expect(result.message).not.toContain("PUBLIC_URL=");
  });

  test("a cross-site fetch is refused with the same explanation; a huge Origin is cut short", () => {
    const long = `http://${"a".repeat(300)}.test`;
    const result = verdict({ origin: long, "sec-fetch-site": "cross-site" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.reason).toBe("Sec-Fetch-Site is cross-site");
    expect(result.message.length).toBeLessThan(600);
    expect(result.message).toContain("…");
  });

  test("a same-origin post passes", () => {
    expect(verdict({ origin: "http://localhost:3000", "sec-fetch-site": "same-origin" })).toEqual({ ok: true });
  });
});
