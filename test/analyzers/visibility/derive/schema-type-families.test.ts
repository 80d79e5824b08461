import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { schemaVocabulary } from "../../../../src/analyzers/schema/vocabulary/vocabulary.ts";
import { schemaSubtypes } from "../../../../src/analyzers/visibility/derive/schema-subtypes.ts";
import { ARTICLE_TYPES, ORGANIZATION_TYPES, PRODUCT_TYPES, SPECIFIC_CONTENT_TYPES, WEB_PAGE_TYPES } from "../../../../src/analyzers/visibility/derive/schema-type-families.ts";
import { organizationIdentity } from "../../../../src/analyzers/visibility/audits/structure/organization-identity.ts";
import { schemaTypeFit } from "../../../../src/analyzers/visibility/audits/structure/schema-type-fit.ts";
import type { SamplePageArtifact } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import { homepage, INTRO, ORIGIN, page, site, siteWithHtml } from "../sample-site.ts";

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const LONG_TEXT = `<p>${INTRO}</p>`.repeat(5);
const ARTICLE = `<main><h1>Open day at the shelter</h1><p class="byline">By <a href="/team/ana">Ana Baker</a></p><time datetime="2026-09-12">12 September 2026</time>${LONG_TEXT}</main>`;

function sampled(path: string, head: string, body: string): SamplePageArtifact {
  const url = `${ORIGIN}${path}`;
  return { url, role: "content", ok: true, status: 200, finalUrl: url, contentType: "text/html; charset=utf-8", html: page({ head, body }), truncated: false };
}

describe("schema type families come from the schema.org vocabulary", () => {
  test("each family is exactly its roots and their current subtypes", () => {
    const vocabulary = schemaVocabulary();
    const expected = (...roots: string[]) =>
      [...vocabulary.typeNames()].filter((type) => vocabulary.supersededBy(type) === null && roots.some((root) => vocabulary.isA(type, root))).sort();
    expect(ORGANIZATION_TYPES).toEqual(expected("Organization", "Person"));
    expect(ARTICLE_TYPES).toEqual(expected("Article"));
    expect(WEB_PAGE_TYPES).toEqual(expected("WebSite", "WebPage"));
    expect(PRODUCT_TYPES).toEqual(expected("Product", "SoftwareApplication", "Book"));
    // Far more than the hand-written lists held (93 organisation types, 8 page types).
    expect(ORGANIZATION_TYPES.length).toBeGreaterThan(150);
    expect(ORGANIZATION_TYPES).toContain("AnimalShelter");
    expect(SPECIFIC_CONTENT_TYPES).toContain("ExhibitionEvent");
    expect(PRODUCT_TYPES).toContain("DietarySupplement");
  });

  test("retired types are left out, and a root that is no schema.org type fails loudly", () => {
    expect(schemaVocabulary().supersededBy("UserComments")).not.toBeNull();
    expect(SPECIFIC_CONTENT_TYPES).toContain("SocialEvent"); // an Event subtype, like UserComments, but current
    expect(SPECIFIC_CONTENT_TYPES).not.toContain("UserComments");
    expect(() => schemaSubtypes("Organisation")).toThrow("not schema.org types: Organisation");
  });

  test("the families are inlined when built: the bundle carries the arrays, never the vocabulary", async () => {
    const built = await Bun.build({ entrypoints: [`${import.meta.dir}/../../../../src/analyzers/visibility/derive/schema-type-families.ts`], target: "bun" });
    expect(built.success).toBe(true);
    const code = await built.outputs[0]!.text();
    expect(code).toContain('"AnimalShelter"');
    expect(code).not.toContain("schema.nq");
    expect(code).not.toContain("schemaVocabulary");
    expect(code).not.toContain("schemaSubtypes");
  });
});

describe("audits accept any subtype", () => {
  test("organization-identity recognises a subtype the old list lacked, written as a full IRI too", () => {
    for (const type of ["AnimalShelter", "https://schema.org/TouristInformationCenter"]) {
      const outcome = runAudit(organizationIdentity, siteWithHtml(page({ head: ld({ "@context": "https://schema.org", "@type": type, name: "Happy Paws", url: `${ORIGIN}/` }) })));
      expect(outcome.detail).not.toContain("names no Organization or Person");
      expect(outcome.score).toBeGreaterThan(0);
    }
    const notAnOrganization = runAudit(organizationIdentity, siteWithHtml(page({ head: ld({ "@context": "https://schema.org", "@type": "Place", name: "Happy Paws" }) })));
    expect(notAnOrganization).toMatchObject({ status: "fail", score: 0 });
  });

  test("schema-type-fit: an article page typed as an Event subtype fits; a Place does not", () => {
    const home = homepage({ html: page({ head: ld({ "@context": "https://schema.org", "@type": "AnimalShelter", name: "Happy Paws" }) }) });
    const fitting = runAudit(schemaTypeFit, site({ homepage: home, samplePages: [sampled("/events/open-day", ld({ "@context": "https://schema.org", "@type": "ExhibitionEvent", name: "Open day" }), ARTICLE)] }));
    expect(fitting).toMatchObject({ status: "pass", score: 1 });
    expect(fitting.evidence).toContain("/: the homepage; declares AnimalShelter");
    const misfit = runAudit(schemaTypeFit, site({ homepage: home, samplePages: [sampled("/events/open-day", ld({ "@context": "https://schema.org", "@type": "Place", name: "Open day" }), ARTICLE)] }));
    expect(misfit).toMatchObject({ status: "warn", score: 0.5 });
  });
});
