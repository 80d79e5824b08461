import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { siteName } from "../../../../src/analyzers/visibility/derive/site-identity.ts";
import { siteOwner } from "../../../../src/analyzers/visibility/derive/site-owner.ts";
import { BAKERY, BLOG, bakerySite, PLAIN, personalBlogSite, plainSite } from "../advice-sites.ts";
import { auditById, expectRoundTrip, PLACED_AUDITS, roundTripProblems } from "../fix-round-trip.ts";
import { SITES } from "./audit-sites.ts";
import { ROBOTS_VARIANTS } from "../robots-variants.ts";
import { page, siteWithHtml, siteWithRobots } from "../sample-site.ts";
import type { Artifacts } from "../../../../src/analyzers/visibility/gather/artifacts.ts";

/**
 * Fixes proven on the site's own markup (issue 25): every fix with code, applied where it says on every
 * hand-made site, clears its finding and breaks nothing (fix-round-trip.ts); and on the issue's sites the
 * fixes say exactly what an owner should paste.
 */

const run = (id: string, artifacts = bakerySite()) => runAudit(auditById(id), artifacts);

describe("round trip on every hand-made site", () => {
  const sites = { ...SITES, "rosewood bakery": bakerySite(), "personal blog": personalBlogSite(), "no structured data, og:site_name as name=": plainSite() };
  for (const [name, artifacts] of Object.entries(sites)) {
    test(`${name}: every placed fix clears its finding and breaks nothing`, () => {
      for (const id of PLACED_AUDITS) expect({ id, problems: roundTripProblems(artifacts, id) }).toEqual({ id, problems: [] });
    });
  }

  test("the round trip has something to prove on the issue's sites", () => {
    expectRoundTrip(bakerySite(), "organization-identity");
    expectRoundTrip(bakerySite(), "schema-type-fit");
    expectRoundTrip(bakerySite(), "llms-txt");
    expectRoundTrip(personalBlogSite(), "organization-identity");
    expectRoundTrip(personalBlogSite(), "website-schema");
    for (const id of ["json-ld-present", "organization-identity", "website-schema", "schema-type-fit", "llms-txt", "open-graph"]) expectRoundTrip(plainSite(), id);
    expectRoundTrip(SITES["robots 404"]!, "robots-sitemap");
    expectRoundTrip(SITES["robots html"]!, "robots-sitemap");
    expectRoundTrip(SITES["robots html"]!, "robots-ai-search-access");
  });
});

describe("the fixes that let AI agents in, on the site's own robots.txt", () => {
  for (const [name, text] of Object.entries(ROBOTS_VARIANTS)) {
    test(`${name}: applied, the file parses, the agents are in, nothing else changes`, () => {
      const artifacts = siteWithRobots(text);
      expectRoundTrip(artifacts, "robots-ai-search-access");
      const reach = run("ai-platform-reach", artifacts);
      if (reach.fix?.code) expectRoundTrip(artifacts, "ai-platform-reach");
    });
  }
});

describe("image-alt: the site's own <img> tags, changed where they stand", () => {
  const html = page({ body: '<h1>Menu</h1><img class="hero" src="/loaf.jpg?w=800&amp;h=600" width=800><p>Bread.</p><img src="/icon.svg" role="presentation"><img src=/loaf.jpg?w=800&amp;h=600 class="thumb"/><img src="/logo.png" alt="Rosewood">' });
  const artifacts = siteWithHtml(html);

  test("each element lacking alt is quoted as written and given an alt the owner writes; decorative and described ones are left alone", () => {
    const fix = run("image-alt", artifacts).fix!;
    expect(fix.code).toEqual([
      { where: { kind: "element", url: "https://example.com/", element: '<img class="hero" src="/loaf.jpg?w=800&amp;h=600" width=800>' }, language: "html", code: '<img alt="<your description of what the image shows>" class="hero" src="/loaf.jpg?w=800&amp;h=600" width=800>' },
      { where: { kind: "element", url: "https://example.com/", element: '<img src=/loaf.jpg?w=800&amp;h=600 class="thumb"/>' }, language: "html", code: '<img alt="<your description of what the image shows>" src=/loaf.jpg?w=800&amp;h=600 class="thumb"/>' },
    ]);
    expectRoundTrip(artifacts, "image-alt");
  });

  test("more distinct elements than a fix can list: named, with no code, since the change belongs in the templates", () => {
    const many = siteWithHtml(page({ body: `<h1>Gallery</h1>${Array.from({ length: 12 }, (_, index) => `<img src="/p${index}.jpg">`).join("")}` }));
    const fix = run("image-alt", many).fix!;
    expect(fix.code).toBeUndefined();
    expect(fix.how).toContain("12 different image elements lack one");
    expect(fix.how).not.toContain("```");
  });
});

describe("sitemap-valid: a sitemap where the scan reads it", () => {
  test("no sitemap: the file at /sitemap.xml with the pages read and a lastmod for the owner to write, and the Sitemap line", () => {
    const artifacts = SITES["no sitemap, llms.txt, feed or canonical"]!;
    const fix = run("sitemap-valid", artifacts).fix!;
    expect(fix.code!.map((entry) => entry.where)).toEqual([
      { kind: "file", url: "https://example.com/sitemap.xml" },
    ]);
    expect(fix.code![0]!.code).toContain("<url><loc>https://example.com/</loc><lastmod><YYYY-MM-DD></lastmod></url>");
    expectRoundTrip(artifacts, "sitemap-valid");
  });

  test("a sitemap robots.txt does not list: the file, and the line that makes crawlers find it", () => {
    const artifacts = { ...SITES["no sitemap, llms.txt, feed or canonical"]!, sitemap: { ...(SITES["no sitemap, llms.txt, feed or canonical"]!.sitemap as Extract<NonNullable<Artifacts["sitemap"]>, { ok: true }>), source: "default" as const } };
    const fix = run("sitemap-valid", artifacts).fix!;
    expect(fix.code!.map((entry) => entry.where.kind)).toEqual(["file", "lines"]);
    expect(fix.code![1]!.code).toBe("Sitemap: https://example.com/sitemap.xml");
    expectRoundTrip(artifacts, "sitemap-valid");
  });

  test("robots.txt lists a sitemap that is missing: the file goes at the listed address, not at /sitemap.xml", () => {
    const artifacts = siteWithRobots("User-agent: *\nDisallow: /admin/\nSitemap: https://example.com/maps/main.xml\n");
    const missing = { ...artifacts, sitemap: { ok: true as const, source: "robots" as const, url: "https://example.com/maps/main.xml", status: 404, contentType: "text/html", kind: null, entries: 0, withLastmod: 0, newestLastmod: null, sample: [], truncated: false } };
    expect(run("sitemap-valid", missing).fix!.code!.map((entry) => entry.where)).toEqual([{ kind: "file", url: "https://example.com/maps/main.xml" }]);
    expectRoundTrip(missing, "sitemap-valid");
  });
});

describe("the bakery: a complete @graph whose entity is #business", () => {
  test("one derivation names its entity: the Bakery's own @id, name and sameAs, and what the scan found", () => {
    expect(siteOwner(bakerySite())).toMatchObject({
      id: `${BAKERY}/#business`,
      declared: true,
      type: "Bakery",
      kind: "local-business",
      name: "Rosewood Bakery",
      url: `${BAKERY}/`,
      sameAs: ["https://www.instagram.com/rosewoodbakery"],
      wikidata: "https://www.wikidata.org/wiki/Q888888",
      wikipedia: "https://en.wikipedia.org/wiki/Rosewood_Bakery",
      profiles: ["https://www.instagram.com/rosewoodbakery"],
    });
  });

  test("the sameAs fix extends #business with the Wikidata item and Wikipedia article the scan found", () => {
    const outcome = run("organization-identity");
    expect(outcome.status).toBe("warn");
    const block = `<script type="application/ld+json">\n${JSON.stringify({ "@context": "https://schema.org", "@type": "Bakery", "@id": `${BAKERY}/#business`, sameAs: ["https://www.wikidata.org/wiki/Q888888", "https://en.wikipedia.org/wiki/Rosewood_Bakery"] }, null, 2)}\n</script>`;
    expect(outcome.fix!.how).toBe(
      `Add \`sameAs\` to the Bakery "Rosewood Bakery" you already declare (\`"@id": "${BAKERY}/#business"\`), or add this block to the \`<head>\` of ${BAKERY}/: the same \`@id\` makes it the same node:\n\n\`\`\`html\n${block}\n\`\`\`\n\nThe sameAs links come from what the scan found: the Wikidata item https://www.wikidata.org/wiki/Q888888, the Wikipedia article https://en.wikipedia.org/wiki/Rosewood_Bakery.`,
    );
    expect(outcome.fix!.code).toEqual([{ where: { kind: "head", url: `${BAKERY}/` }, language: "html", code: block }]);
    expect(outcome.fix!.how).not.toContain("<your item>");
  });

  test("type-fit blocks name the business by its own @id and type, never a second Organization or #organization", () => {
    const outcome = run("schema-type-fit");
    const codes = outcome.fix!.code!;
    expect(codes.map((entry) => entry.where)).toEqual([
      { kind: "head", url: `${BAKERY}/contact` },
      { kind: "head", url: `${BAKERY}/blog/new-oven` },
    ]);
    const contact = JSON.parse(codes[0]!.code.replace(/^<script[^>]*>|<\/script>$/g, ""));
    expect(contact.mainEntity).toEqual({ "@type": "Bakery", "@id": `${BAKERY}/#business`, name: "Rosewood Bakery", url: `${BAKERY}/`, email: "hello@rosewood-bakery.com", telephone: "+15035550142" });
    const article = JSON.parse(codes[1]!.code.replace(/^<script[^>]*>|<\/script>$/g, ""));
    expect(article).toMatchObject({ "@type": "BlogPosting", headline: "Our new oven", datePublished: "2026-10-02", author: { "@id": `${BAKERY}/#business` }, publisher: { "@type": "Bakery", "@id": `${BAKERY}/#business`, name: "Rosewood Bakery" } });
    expect(outcome.fix!.how).not.toContain("#organization");
    expect(outcome.fix!.how).not.toContain('"Organization"');
  });

  test("authorship points at the business by its full @id, with its type and name", () => {
    expect(run("authorship").fix!.how).toContain(`\`"author": {"@type":"Bakery","@id":"${BAKERY}/#business","name":"Rosewood Bakery"}\`, the Bakery your homepage declares.`);
    expect(run("authorship").fix!.how).not.toContain('"#organization"');
  });

  test("the llms.txt fix takes the page's description and is placed at /llms.txt", () => {
    const fix = run("llms-txt").fix!;
    expect(fix.code).toHaveLength(1);
    expect(fix.code![0]!.where).toEqual({ kind: "file", url: `${BAKERY}/llms.txt` });
    expect(fix.code![0]!.code.split("\n").slice(0, 3)).toEqual(["# Rosewood Bakery", "", "> Rosewood Bakery bakes sourdough, croissants and seasonal tarts in Portland, Oregon, Tuesday to Saturday."]);
  });
});

describe("the personal blog: a Blog by a Person", () => {
  test("the Person who wrote the Blog is the site's entity: organization-identity does not say nobody is behind the site", () => {
    const outcome = run("organization-identity", personalBlogSite());
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toBe('The Person "Jane Okafor" behind the site (the site\'s author) is incomplete: it lacks image, sameAs; no sameAs link points to Wikidata or Wikipedia.');
    expect(siteOwner(personalBlogSite())).toMatchObject({ id: `${BLOG}/#jane`, kind: "person", type: "Person", profiles: ["https://github.com/janeokafor", "https://www.linkedin.com/in/jane-okafor"] });
  });

  test("its fix is a Person with the profiles the homepage links, never an Organization or a company page", () => {
    const fix = run("organization-identity", personalBlogSite()).fix!;
    const block = `<script type="application/ld+json">\n${JSON.stringify({ "@context": "https://schema.org", "@type": "Person", "@id": `${BLOG}/#jane`, image: `${BLOG}/photo.jpg`, sameAs: ["https://github.com/janeokafor", "https://www.linkedin.com/in/jane-okafor"] }, null, 2)}\n</script>`;
    expect(fix.code).toEqual([{ where: { kind: "head", url: `${BLOG}/` }, language: "html", code: block }]);
    expect(fix.how).not.toContain("Organization");
    expect(fix.how).not.toContain("linkedin.com/company");
  });

  test("the WebSite fix names the site after its Blog, published by Jane by her @id", () => {
    expect(siteName(personalBlogSite())).toBe("Notes from the field");
    const code = run("website-schema", personalBlogSite()).fix!.code![0]!.code;
    expect(JSON.parse(code.replace(/^<script[^>]*>|<\/script>$/g, ""))).toEqual({ "@context": "https://schema.org", "@type": "WebSite", "@id": `${BLOG}/#website`, name: "Notes from the field", url: `${BLOG}/`, publisher: { "@id": `${BLOG}/#jane` } });
  });

  test("a site with no owner stated whose name is a Person on the page is offered a Person, with no LinkedIn company page", () => {
    const fix = run("organization-identity", { ...personalBlogSite(), homepage: { ...(personalBlogSite().homepage as Extract<ReturnType<typeof personalBlogSite>["homepage"], { ok: true }>), html: '<html><head><title>Jane Okafor</title><script type="application/ld+json">{"@context":"https://schema.org","@type":"BlogPosting","headline":"Hi","author":{"@type":"Person","name":"Jane Okafor"}}</script></head><body><p>Hi</p></body></html>' } }).fix!;
    expect(fix.how).toContain('"@type": "Person"');
    expect(fix.how).toContain(`"@id": "${BLOG}/#person"`);
    expect(fix.how).toContain("https://www.linkedin.com/in/<your profile>");
    expect(fix.how).not.toContain("linkedin.com/company");
  });
});

describe("a site with no structured data that names itself in <meta name=og:site_name>", () => {
  test("every fix calls it Harbour Books, not its headline, and the llms.txt summary is its Description", () => {
    expect(siteName(plainSite())).toBe("Harbour Books");
    for (const id of ["json-ld-present", "organization-identity", "website-schema", "llms-txt"]) expect(run(id, plainSite()).fix!.how).not.toContain("Ten novels");
    const llms = run("llms-txt", plainSite()).fix!;
    expect(llms.code![0]!.code).toContain("> An independent bookshop on the harbour in Whitby: new and second-hand books, events and a reading café.");
    expect(llms.how).not.toContain("in one sentence");
  });

  test("json-ld-present gives the Organization and the WebSite it publishes, at the homepage", () => {
    const fix = run("json-ld-present", plainSite()).fix!;
    const graph = JSON.parse(fix.code![0]!.code.replace(/^<script[^>]*>|<\/script>$/g, ""))["@graph"];
    expect(graph.map((node: Record<string, unknown>) => [node["@type"], node["@id"]])).toEqual([
      ["Organization", `${PLAIN}/#organization`],
      ["WebSite", `${PLAIN}/#website`],
    ]);
    expect(graph[1].publisher).toEqual({ "@id": `${PLAIN}/#organization` });
  });
});
