import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../../src/analyzers/visibility/audits/run-audit.ts";
import fc from "fast-check";
import { robotsAiSearchAccess } from "../../../../../src/analyzers/visibility/audits/access/robots-ai-search-access.ts";
import { robotsPolicy } from "../../../../../src/analyzers/visibility/derive/robots/robots-policy.ts";
import { growthRatio } from "../../../../helpers/growth-ratio.ts";
import { robots, site } from "../../sample-site.ts";

// A fresh artifact each call: the policy is remembered per artifact.
const policyOf = (text: string) => robotsPolicy(site({ robotsTxt: robots({ text }) }));

describe("robots.txt is told from an HTML page by its start", () => {
  test("after white space and a byte-order mark, an HTML start is an intercepted file; rules after blank lines are rules", () => {
    expect(policyOf(`\uFEFF\n\n  <!DOCTYPE html><html><body>Not found</body></html>`).kind).toBe("intercepted");
    expect(policyOf(`${"\n".repeat(1000)}<html>`).kind).toBe("intercepted");
    expect(policyOf(`${"\n".repeat(1000)}User-agent: *\nDisallow: /private`).kind).toBe("rules");
  });

  test("any text is read, and judged by the audit, without throwing", () => {
    const piece = fc.oneof(fc.string({ maxLength: 20 }), fc.constantFrom("\n", "\r\n", "User-agent: GPTBot\n", "Disallow: /\n", "Allow: /a*$\n", "<html>", "#", "Sitemap: https://e.com/s.xml\n", "\uFEFF", "%2F"));
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), (pieces) => {
        const artifacts = site({ robotsTxt: robots({ text: pieces.join("") }) });
        expect(() => robotsPolicy(artifacts)).not.toThrow();
        expect(runAudit(robotsAiSearchAccess, artifacts).status).toMatch(/^(pass|warn|fail|na|unknown)$/);
      }),
      { numRuns: 500 },
    );
  });
});

describe("hostile robots.txt files cost time in proportion to their size (issue 30)", () => {
  // Each input at n and 100·n: a linear reader takes about 100 times as long, a quadratic one 10,000.
  const cases: [string, (n: number) => string][] = [
    ["blank lines before the first rule", (n) => `${"\n".repeat(n)}User-agent: *\nDisallow: /x\n`],
    ["white space before an HTML start", (n) => `${" ".repeat(n)}<html>`],
  ];
  for (const [name, make] of cases) {
    test(name, () => {
      const inputs = new Map<number, string>();
      const input = (n: number) => inputs.get(n) ?? (inputs.set(n, make(n)), inputs.get(n)!);
      expect(growthRatio((n) => policyOf(input(n)), 2_500, 100)).toBeLessThan(1000);
    });
  }
});
