import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { jsonLdPresent } from "../../../../src/analyzers/visibility/audits/structure/json-ld-present.ts";
import { organizationIdentity } from "../../../../src/analyzers/visibility/audits/structure/organization-identity.ts";
import { websiteSchema } from "../../../../src/analyzers/visibility/audits/structure/website-schema.ts";
import { siteName } from "../../../../src/analyzers/visibility/derive/site-identity.ts";
import { openGraph } from "../../../../src/analyzers/visibility/audits/structure/open-graph.ts";
import { ORIGIN, page, siteWithHtml } from "../sample-site.ts";

/**
 * The layouts real sites publish, measured as false findings on main: WordPress SEO plugins' @graph,
 * news articles whose author is a Person and whose publisher is the site, Microdata-only pages.
 */

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

const YOAST_GRAPH = {
  "@context": "https://schema.org",
  "@graph": [
    { "@type": "WebPage", "@id": `${ORIGIN}/`, url: `${ORIGIN}/`, name: "Home", isPartOf: { "@id": `${ORIGIN}/#website` }, about: { "@id": `${ORIGIN}/#organization` } },
    { "@type": "WebSite", "@id": `${ORIGIN}/#website`, url: `${ORIGIN}/`, name: "Example Bakery", publisher: { "@id": `${ORIGIN}/#organization` } },
    {
      "@type": "Organization",
      "@id": `${ORIGIN}/#organization`,
      name: "Example Bakery Lda",
      url: `${ORIGIN}/`,
      logo: { "@type": "ImageObject", "@id": `${ORIGIN}/#/schema/logo/image/`, url: `${ORIGIN}/logo.png` },
      sameAs: ["https://www.wikidata.org/wiki/Q42", "https://www.linkedin.com/company/example"],
    },
    { "@type": "Person", "@id": `${ORIGIN}/#/schema/person/1`, name: "Jane Baker" },
  ],
};

describe("identity audits read one structured-data graph", () => {
  test("a complete Organization and WebSite inside @graph pass (they were reported as lacking everything)", () => {
    const artifacts = siteWithHtml(page({ head: ld(YOAST_GRAPH) }));
    const identity = runAudit(organizationIdentity, artifacts);
    expect(identity.status).toBe("pass");
    expect(identity.evidence[0]).toContain("Organization: Example Bakery Lda (json-ld; the WebSite's publisher)");
    expect(runAudit(websiteSchema, artifacts)).toMatchObject({ status: "pass", detail: `The homepage declares the WebSite "Example Bakery" at ${ORIGIN}/.` });
    expect(siteName(artifacts)).toBe("Example Bakery");
  });

  test("the WebSite may be addressed by its @id only, as SEO plugins write it", () => {
    const graph = { "@context": "https://schema.org", "@graph": [{ "@type": "WebSite", "@id": `${ORIGIN}/`, name: "Example Bakery" }] };
    expect(runAudit(websiteSchema, siteWithHtml(page({ head: ld(graph) })))).toMatchObject({ status: "pass" });
  });

  test("an article's author is not taken for the site's owner; its publisher is", () => {
    const article = {
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: "Bread prices rise",
      author: { "@type": "Person", name: "Jane Reporter", url: `${ORIGIN}/authors/jane` },
      publisher: { "@type": "NewsMediaOrganization", name: "The Daily Loaf", logo: { "@type": "ImageObject", url: `${ORIGIN}/logo.png` } },
    };
    const outcome = runAudit(organizationIdentity, siteWithHtml(page({ head: ld(article) })));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain('NewsMediaOrganization "The Daily Loaf"');
    expect(outcome.detail).not.toContain("Jane Reporter");
    expect(outcome.detail).toContain("lacks url, sameAs");
    expect(outcome.detail).not.toContain("logo");
  });

  test("an author alone names nobody behind the site", () => {
    const article = { "@context": "https://schema.org", "@type": "BlogPosting", headline: "Hi", author: { "@type": "Person", name: "Jane Reporter" } };
    expect(runAudit(organizationIdentity, siteWithHtml(page({ head: ld(article) })))).toMatchObject({ status: "fail" });
  });

  test("Microdata counts: an Organization in Microdata is found, and the page is not told it has no structured data", () => {
    const body = `<div itemscope itemtype="https://schema.org/Bakery"><span itemprop="name">Example Bakery</span><link itemprop="url" href="/"><img itemprop="logo" src="/logo.png" alt=""><a itemprop="sameAs" href="https://www.wikidata.org/wiki/Q1">Wikidata</a></div>`;
    const artifacts = siteWithHtml(page({ head: "", body }));
    expect(runAudit(jsonLdPresent, artifacts)).toMatchObject({ status: "pass", detail: "The homepage declares Bakery in Microdata." });
    const identity = runAudit(organizationIdentity, artifacts);
    expect(identity.status).toBe("pass");
    expect(identity.evidence[0]).toContain("Bakery: Example Bakery (microdata; its url is the homepage)");
  });

  test("the suggested fix keeps the site's own type and @id: a Bakery stays a Bakery", () => {
    const bakery = { "@context": "https://schema.org", "@type": "Bakery", "@id": `${ORIGIN}/#bakery`, name: "Example Bakery", url: `${ORIGIN}/` };
    const outcome = runAudit(organizationIdentity, siteWithHtml(page({ head: ld(bakery) })));
    expect(outcome.status).toBe("warn");
    expect(outcome.fix!.how).toContain('"@type": "Bakery"');
    expect(outcome.fix!.how).toContain(`"@id": "${ORIGIN}/#bakery"`);
    expect(outcome.fix!.how).not.toContain('"@type":"Organization"');
  });

  test("the suggested fix keeps the site's own url and logo, and names a property written in the wrong case (as canada.com writes SameAs)", () => {
    // From a real page (fundus corpus, canada.com): a logo ImageObject and a capitalised "SameAs".
    const publisher = {
      "@context": "https://schema.org",
      "@type": "NewsMediaOrganization",
      name: "Canada.com",
      url: "https://o.canada.com",
      logo: { "@type": "ImageObject", url: "https://cdn.example/identity/logo-canada.svg" },
      SameAs: ["https://twitter.com/CanadaDotCom", "https://www.facebook.com/canada.com/"],
    };
    const outcome = runAudit(organizationIdentity, siteWithHtml(page({ head: ld(publisher) })));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain('its "SameAs" is not read as sameAs: schema.org property names are case-sensitive');
    // The node has no @id: the fix replaces it where it stands, keeping what it says, under the right key and with an @id.
    expect(outcome.fix!.code![0]!.where).toEqual({ kind: "replace-node", url: `${ORIGIN}/`, path: "json-ld[0]" });
    const node = JSON.parse(outcome.fix!.code![0]!.code.replace(/^<script[^>]*>|<\/script>$/g, ""));
    expect(node).toMatchObject({ "@type": "NewsMediaOrganization", "@id": `${ORIGIN}/#organization`, url: "https://o.canada.com", logo: { "@type": "ImageObject", url: "https://cdn.example/identity/logo-canada.svg" } });
    expect(node.SameAs).toBeUndefined();
    expect(node.sameAs.slice(0, 2)).toEqual(["https://twitter.com/CanadaDotCom", "https://www.facebook.com/canada.com/"]);
    expect(outcome.fix!.how).not.toContain("logo.png");
  });

  test("a personal site gets a Person with an image, not an Organization with a logo", () => {
    const person = { "@context": "https://schema.org", "@type": "Person", name: "Ada Lovelace", url: `${ORIGIN}/` };
    const outcome = runAudit(organizationIdentity, siteWithHtml(page({ head: ld(person) })));
    expect(outcome.detail).toContain("lacks image, sameAs");
    expect(outcome.fix!.how).toContain('"@type": "Person"');
    expect(outcome.fix!.how).toContain('"image"');
    expect(outcome.fix!.how).not.toContain('"logo"');
  });

  test("a WebSite whose creator is a Person is that person's site; a BlogPosting's author on the homepage is not", () => {
    const website = { "@context": "https://schema.org", "@type": "WebSite", name: "Ada's notes", url: `${ORIGIN}/`, creator: { "@type": "Person", name: "Ada Lovelace" } };
    const outcome = runAudit(organizationIdentity, siteWithHtml(page({ head: ld(website) })));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toStartWith('The Person "Ada Lovelace" behind the site (the site\'s author)');
    const posting = { "@context": "https://schema.org", "@type": "BlogPosting", headline: "Hi", author: { "@type": "Person", name: "Ada Lovelace" } };
    expect(runAudit(organizationIdentity, siteWithHtml(page({ head: ld(posting) })))).toMatchObject({ status: "fail" });
  });

  test("a site named after a person the page describes, with no owner stated, is offered a Person", () => {
    const html = page({ title: "Ada Lovelace", head: ld({ "@context": "https://schema.org", "@type": "BlogPosting", author: { "@type": "Person", name: "Ada Lovelace" } }) });
    const outcome = runAudit(organizationIdentity, siteWithHtml(html));
    expect(outcome.status).toBe("fail");
    expect(outcome.fix!.how).toContain('"@type": "Person"');
  });
});

describe("what fixes call the site (siteName)", () => {
  const named = (head: string, title = "Example") => siteName(siteWithHtml(page({ head, title })));

  test("the WebSite's name, unless it is a generic word; then og:site_name; an article's publisher only after it", () => {
    const website = (name: string) => ld({ "@context": "https://schema.org", "@type": "WebSite", "@id": `${ORIGIN}/#website`, url: `${ORIGIN}/`, name });
    const og = '<meta property="og:site_name" content="The Planetary Press">';
    expect(named(website("Example Bakery") + og)).toBe("Example Bakery");
    expect(named(website("Home") + og)).toBe("The Planetary Press");
    const article = ld({ "@context": "https://schema.org", "@type": "BlogPosting", publisher: { "@type": "Organization", name: "Blogger" } });
    expect(named(article + '<meta property="og:site_name" content="LinkNaija">')).toBe("LinkNaija");
    expect(named(article)).toBe("Blogger");
  });

  test("from the title: the part that spells the domain, else the shortest part that is not a generic word", () => {
    const artifacts = (title: string, domain: string) => {
      const site = siteWithHtml(page({ head: "", title }));
      return { ...site, domain };
    };
    expect(siteName(artifacts("L’évaluation et les listes de revues - La Vie des idées", "laviedesidees.fr"))).toBe("La Vie des idées");
    expect(siteName(artifacts("Example Bakery — sourdough and cakes in Lisbon", "example.com"))).toBe("Example Bakery");
    expect(siteName(artifacts("Home | Acme Tools", "example.com"))).toBe("Acme Tools");
  });
});

describe("open-graph", () => {
  test("tags written with name= instead of property= are found, not reported missing", () => {
    const head = ["og:title", "og:description", "og:image", "og:url"].map((tag) => `<meta name="${tag}" content="x ${tag}">`).join("");
    expect(runAudit(openGraph, siteWithHtml(page({ head })))).toMatchObject({ status: "pass" });
  });
});
