import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { htmlLang } from "../../../../src/analyzers/visibility/audits/structure/html-lang.ts";
import { jsonLdParses } from "../../../../src/analyzers/visibility/audits/structure/json-ld-parses.ts";
import { jsonLdPresent } from "../../../../src/analyzers/visibility/audits/structure/json-ld-present.ts";
import { metaDescription } from "../../../../src/analyzers/visibility/audits/structure/meta-description.ts";
import { GOOD_JSON_LD, page, site, siteWithHtml } from "../sample-site.ts";

const jsonLd = (...blocks: string[]) => siteWithHtml(page({ head: blocks.map((block) => `<script type="application/ld+json">${block}</script>`).join("") }));

describe("json-ld-parses", () => {
  test("passes when every block parses", () => {
    expect(runAudit(jsonLdParses, jsonLd(GOOD_JSON_LD, '{"@context":"https://schema.org","@type":"WebSite"}'))).toMatchObject({ status: "pass", score: 1 });
  });

  test("not applicable without JSON-LD", () => {
    expect(runAudit(jsonLdParses, siteWithHtml(page({ head: "" })))).toMatchObject({ status: "na", score: null });
  });

  test("fails in proportion and reports the parse problem of each broken block", () => {
    const outcome = runAudit(jsonLdParses, jsonLd(GOOD_JSON_LD, '{"@type": "Organization", "name": "Example",}', ""));
    expect(outcome.status).toBe("fail");
    expect(outcome.score).toBeCloseTo(1 / 3, 5);
    expect(outcome.detail).toContain("Block 2 of 3: The JSON-LD block is not valid JSON (JSON Parse error");
    expect(outcome.detail).toContain("Block 3 of 3: The JSON-LD block is empty.");
    expect(outcome.evidence[0]).toContain('"name": "Example",}');
    expect(outcome.fix?.how).toContain("Block 2 of 3");
  });

  test("tolerates an HTML comment wrapper and a charset parameter on the type", () => {
    const site = siteWithHtml(page({ head: `<script type="application/ld+json; charset=utf-8"><!-- ${GOOD_JSON_LD} --></script>` }));
    expect(runAudit(jsonLdParses, site)).toMatchObject({ status: "pass" });
  });
});

describe("json-ld-present", () => {
  test("passes and lists the declared types, including inside @graph", () => {
    const graph = JSON.stringify({ "@context": "https://schema.org", "@graph": [{ "@type": "WebSite" }, { "@type": ["Organization", "Bakery"] }] });
    const outcome = runAudit(jsonLdPresent, jsonLd(graph));
    expect(outcome).toMatchObject({ status: "pass" });
    expect(outcome.detail).toContain("WebSite, Organization, Bakery");
  });

  test("fails without JSON-LD, with a ready-to-paste block for this origin", () => {
    const outcome = runAudit(jsonLdPresent, siteWithHtml(page({ head: "" })));
    expect(outcome).toMatchObject({ status: "fail", score: 0 });
    expect(outcome.fix?.how).toContain('"url": "https://example.com/"');
  });

  test("fails when the only block does not parse", () => {
    expect(runAudit(jsonLdPresent, jsonLd("{oops"))).toMatchObject({ status: "fail" });
  });
});

describe("meta-description", () => {
  test("passes with a real description", () => {
    expect(runAudit(metaDescription, site())).toMatchObject({ status: "pass", score: 1 });
  });

  test("fails when missing or empty, warns when too short", () => {
    expect(runAudit(metaDescription, siteWithHtml(page({ description: null })))).toMatchObject({ status: "fail" });
    expect(runAudit(metaDescription, siteWithHtml(page({ description: " " })))).toMatchObject({ status: "fail" });
    expect(runAudit(metaDescription, siteWithHtml(page({ description: "Bakery." })))).toMatchObject({ status: "warn", score: 0.5 });
  });

  test("matches the name case-insensitively", () => {
    const html = page({ description: null, head: '<meta name="Description" content="Example Bakery in Lisbon bakes sourdough bread and cakes daily for the whole city.">' });
    expect(runAudit(metaDescription, siteWithHtml(html))).toMatchObject({ status: "pass" });
  });
});

describe("html-lang", () => {
  test("passes with a BCP 47 tag", () => {
    expect(runAudit(htmlLang, site())).toMatchObject({ status: "pass" });
    expect(runAudit(htmlLang, siteWithHtml(page({ lang: "pt-BR" })))).toMatchObject({ status: "pass" });
  });

  test("fails without lang, warns on a malformed one", () => {
    expect(runAudit(htmlLang, siteWithHtml(page({ lang: null })))).toMatchObject({ status: "fail", score: 0 });
    expect(runAudit(htmlLang, siteWithHtml(page({ lang: "english please" })))).toMatchObject({ status: "warn" });
  });
});
