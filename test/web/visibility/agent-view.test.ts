/** The agent view (issue 28): each probe's status, words and headers; hostile titles and headers stay text. */
import { describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import type { ProbeArtifact } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import { renderAgentViewPage } from "../../../src/web/visibility/agent-view-page.ts";
import { rawTextStart } from "../../../src/analyzers/visibility/gather/raw-html.ts";
import { HOSTILE_STRINGS, HOSTILE_TEXT } from "../hostile-content.ts";
import { expectInert } from "../inert-html.ts";

const context = { publicUrl: "https://scan.example.org", siteName: "sightline", challenge: { kind: "altcha" as const }, now: Date.parse("2026-11-20T12:00:00Z") };

const probe = (agent: string, status: number, words: number, extra: Partial<Extract<ProbeArtifact, { ok: true }>> = {}): ProbeArtifact => ({
  agent, userAgent: `${agent}/1.0`, url: "https://a.test/", ok: true, status, finalUrl: "https://a.test/", headers: { "content-type": "text/html" }, bytes: 2048, truncated: false, words, title: "A", challengeMarker: null, ...extra,
});

describe("the agent view", () => {
  test("the browser first, each agent's status and words, an agent that got far fewer words than the browser marked", () => {
    const page = renderAgentViewPage(context, "a.test", "2026-11-20T10:00:00.000Z", [probe("GPTBot", 200, 40), probe("browser", 200, 400), probe("ClaudeBot", 403, 3, { challengeMarker: "Just a moment..." }), { agent: "PerplexityBot", userAgent: "p", url: "https://a.test/", ok: false, error: { code: "timeout", message: "Timed out", url: "https://a.test/" } }]);
    const { document } = parseHTML(page);
    const cards = Array.from(document.querySelectorAll(".agent-card"));
    expect(cards.map((card) => card.getAttribute("data-agent"))).toEqual(["browser", "GPTBot", "ClaudeBot", "PerplexityBot"]);
    expect(cards.map((card) => card.querySelector("h2 .status")!.textContent)).toEqual(["HTTP 200", "HTTP 200", "HTTP 403", "no answer"]);
    expect(cards[1]!.querySelector("[data-words]")!.textContent).toBe("40 (the browser got 400)");
    expect(cards[1]!.querySelector(".status")!.className).toContain("status-warn");
    expect(cards[2]!.textContent).toContain("Just a moment...");
    expect(cards[3]!.textContent).toContain("Timed out");
  });

  test("hostile titles, headers and user agents stay text", () => {
    const page = renderAgentViewPage(context, "a.test", "2026-11-20T10:00:00.000Z", [probe("browser", 200, 10, { title: HOSTILE_TEXT, headers: { server: HOSTILE_TEXT }, userAgent: HOSTILE_TEXT, finalUrl: "javascript:alert(1)" })]);
    expectInert(page);
    for (const hostile of HOSTILE_STRINGS) expect(page).not.toContain(hostile);
    const { document } = parseHTML(page);
    expect(document.querySelector("[data-title]")!.textContent).toBe(HOSTILE_TEXT);
    expect(document.querySelector(".agent-card a[href^='javascript']")).toBeNull();
  });

  test("a scan without stored probes says so", () => {
    expect(renderAgentViewPage(context, "a.test", "2026-11-20T10:00:00.000Z", null)).toContain("kept no record of what each agent received");
  });

  test("the text each agent got, from the start: visible text only, bounded, and inert when hostile", () => {
    expect(rawTextStart('<html><head><title>T</title><script>var x = "<p>no</p>"</script></head><body><h1>Hello&amp;world</h1>\n<p>Second   para <!-- hidden --> more</p></body></html>')).toBe("Hello world Second para more");
    expect(rawTextStart(`<p>${"word ".repeat(1_000_000)}</p>`).length).toBe(400);
    const page = renderAgentViewPage(context, "a.test", "2026-11-20T10:00:00.000Z", [probe("GPTBot", 200, 5, { textStart: HOSTILE_TEXT }), probe("browser", 200, 5, { textStart: "" })]);
    expectInert(page);
    const { document } = parseHTML(page);
    expect(document.querySelector('[data-agent="GPTBot"] [data-text]')!.textContent).toBe(HOSTILE_TEXT);
    expect(document.querySelector('[data-agent="browser"] [data-text]')!.textContent).toBe("no visible text");
  });
});
