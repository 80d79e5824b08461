import { describe, expect, test } from "bun:test";
import { runAudits } from "../../../../src/analyzers/visibility/scoring/run-audits.ts";
import { scoreResult } from "../../../../src/analyzers/visibility/scoring/score-result.ts";
import { APP_SHELL, homepage, probes, robots, site } from "../sample-site.ts";

/** One fact, one count (issue 25): the label, the gates and the reach fix name the same lost platforms. */
describe("lost platforms, counted once", () => {
  test("an app shell with Perplexity's agents also refused: label, gate and fix agree, and Perplexity is named", () => {
    const artifacts = site({
      homepage: homepage({ html: APP_SHELL }),
      robotsTxt: robots("User-agent: PerplexityBot\nDisallow: /\n"),
      probes: probes((agent) => (agent === "Perplexity-User" ? { status: 403 } : {})),
    });
    const scored = runAudits(artifacts);
    const result = scoreResult(scored);
    const reach = scored.find((entry) => entry.audit.id === "ai-platform-reach")!.outcome;
    const names = "ChatGPT, Perplexity, Claude and 2 smaller platforms";
    expect(result.label).toContain(`${names} cannot read it`);
    expect(result.gates!.find((gate) => gate.audit === "ai-platform-reach")!.detail).toStartWith(`${names} cannot read the homepage`);
    expect(reach.fix!.what).toStartWith(`Let ${names} read the homepage`);
    // Platforms that still find the page but cannot use it fully are named as such, never as lost.
    expect(reach.fix!.what).toEndWith("and Meta AI and DuckDuckGo (DuckAssist) use it fully");
    expect(result.gates!.map((gate) => gate.id)).toContain("empty-app-shell");
  });
});
