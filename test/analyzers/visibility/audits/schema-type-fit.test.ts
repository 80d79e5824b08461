import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { describe, expect, test } from "bun:test";
import { normaliseAmount } from "../../../../src/analyzers/visibility/derive/page-profile.ts";
import { schemaTypeFit } from "../../../../src/analyzers/visibility/audits/structure/schema-type-fit.ts";
import type { SamplePageArtifact } from "../../../../src/analyzers/visibility/gather/artifacts.ts";
import { GOOD_JSON_LD, homepage, INTRO, ORIGIN, page, site } from "../sample-site.ts";

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;
const typed = (type: string, extra: Record<string, unknown> = {}) => ld({ "@context": "https://schema.org", "@type": type, ...extra });

/** A sampled page at `path` with this head and body. */
function sampled(role: SamplePageArtifact["role"], path: string, parts: { head?: string; body: string; title?: string }): SamplePageArtifact {
  const url = `${ORIGIN}${path}`;
  return { url, role, ok: true, status: 200, finalUrl: url, contentType: "text/html; charset=utf-8", html: page({ head: parts.head ?? "", body: parts.body, title: parts.title }), truncated: false };
}

const LONG_TEXT = `<p>${INTRO}</p><p>${INTRO}</p><p>${INTRO}</p><p>${INTRO}</p><p>${INTRO}</p>`;
const ARTICLE = `<main><h1>How we bake sourdough</h1><p class="byline">By <a href="/team/ana">Ana Baker</a></p><time datetime="2026-09-12">12 September 2026</time>${LONG_TEXT}</main>`;
const FAQ = `<main><h1>Questions</h1>
<h2>Do you deliver on Sundays?</h2><p>Yes, we deliver across Lisbon on Sundays between eight and noon for orders placed by Saturday.</p>
<h2>Can I order a gluten-free cake?</h2><p>We bake gluten-free cakes to order with three days' notice, in a separate part of the kitchen.</p>
<h2>How do I pay?</h2><p>You pay online by card or MB Way when you order, or in the shop by cash or card.</p></main>`;
const PRODUCT = `<main><h1>Sourdough loaf, 1 kg</h1><p>Our classic loaf, baked every morning.</p><p class="price">€ 6,50</p><form action="/cart/add" method="post"><button type="submit">Add to cart</button></form></main>`;
const HOME_GRAPH = ld({ "@context": "https://schema.org", "@graph": [JSON.parse(GOOD_JSON_LD), { "@type": "WebSite", name: "Example Bakery", url: `${ORIGIN}/` }] });

describe("schema-type-fit", () => {
  test("passes when the homepage and every sampled page declare a fitting type", () => {
    const artifacts = site({
      homepage: homepage({ html: page({ head: HOME_GRAPH }) }),
      samplePages: [
        sampled("about", "/about", { head: typed("AboutPage"), body: "<h1>About</h1><p>Who we are.</p>" }),
        sampled("contact", "/contact", { head: typed("ContactPage"), body: "<h1>Contact</h1><p>Call us.</p>" }),
        sampled("content", "/blog/sourdough", { head: typed("BlogPosting", { headline: "How we bake sourdough" }), body: ARTICLE }),
        sampled("content", "/faq", { head: typed("FAQPage"), body: FAQ }),
        sampled("content", "/shop/loaf", { head: typed("Product"), body: PRODUCT }),
      ],
    });
    const outcome = runAudit(schemaTypeFit, artifacts);
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.detail).toContain("/blog/sourdough (BlogPosting)");
    expect(outcome.evidence).toContain("/: the homepage; declares Organization, WebSite");
    expect(outcome.evidence.find((line) => line.startsWith("/shop/loaf"))).toContain('a price (6.50 EUR) and "Add to cart"');
  });

  test("an article without an Article type is named, with a block carrying its own title, URL, author and date", () => {
    const artifacts = site({ samplePages: [sampled("content", "/blog/sourdough", { head: typed("WebPage"), body: ARTICLE })] });
    const outcome = runAudit(schemaTypeFit, artifacts);
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.detail).toContain("/blog/sourdough is an article (a byline and a publication date,");
    expect(outcome.detail).toContain("declares WebPage, where Article, BlogPosting, NewsArticle or TechArticle fits");
    const how = outcome.fix!.how;
    expect(how).toContain(`On ${ORIGIN}/blog/sourdough (an article):`);
    const block = JSON.parse(how.slice(how.indexOf("{"), how.lastIndexOf("}") + 1));
    expect(block).toMatchObject({
      "@type": "BlogPosting",
      headline: "How we bake sourdough",
      url: `${ORIGIN}/blog/sourdough`,
      author: { "@type": "Person", name: "Ana Baker", url: `${ORIGIN}/team/ana` },
      datePublished: "2026-09-12",
      publisher: { "@id": `${ORIGIN}/#organization` },
    });
  });

  test("an FAQ page needs FAQPage, and the fix lists its own questions and answers", () => {
    const outcome = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/faq", { body: FAQ })] }));
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("/faq is an FAQ (3 questions answered under their own headings) but declares no structured-data type, where FAQPage fits");
    const how = outcome.fix!.how;
    const block = JSON.parse(how.slice(how.indexOf("{"), how.lastIndexOf("}") + 1));
    expect(block["@type"]).toBe("FAQPage");
    expect(block.mainEntity).toHaveLength(3);
    expect(block.mainEntity[0]).toEqual({ "@type": "Question", name: "Do you deliver on Sundays?", acceptedAnswer: { "@type": "Answer", text: expect.stringContaining("we deliver across Lisbon") } });
  });

  test("questions in <details> count too", () => {
    const details = [1, 2].map((n) => `<details><summary>What is option ${n}?</summary><p>Option ${n} is the one we recommend for families who order bread every single week.</p></details>`).join("");
    const outcome = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/help", { body: `<main><h1>Help</h1>${details}</main>` })] }));
    expect(outcome.detail).toContain("/help is an FAQ (2 questions");
  });

  test("a product page (price and add-to-cart) needs Product; the block carries its price and currency", () => {
    const outcome = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/shop/loaf", { head: typed("WebPage"), body: PRODUCT })] }));
    expect(outcome.detail).toContain("/shop/loaf is a product page");
    const how = outcome.fix!.how;
    const block = JSON.parse(how.slice(how.indexOf("{"), how.lastIndexOf("}") + 1));
    expect(block).toMatchObject({ "@type": "Product", name: "Sourdough loaf, 1 kg", offers: { "@type": "Offer", price: "6.50", priceCurrency: "EUR", url: `${ORIGIN}/shop/loaf` } });
  });

  test("a price alone, without a way to buy, is not a product page", () => {
    const outcome = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/prices", { body: "<main><h1>Prices</h1><p>A loaf costs €6.50.</p></main>" })] }));
    expect(outcome).toMatchObject({ status: "pass" });
    expect(outcome.evidence).toEqual(["/: the homepage; declares Organization"]);
  });

  test("contact and about pages need ContactPage and AboutPage; the contact block carries the page's email and telephone", () => {
    const outcome = runAudit(schemaTypeFit, 
      site({
        samplePages: [
          sampled("about", "/about", { body: "<h1>About us</h1><p>We started in 2010.</p>" }),
          sampled("contact", "/contact", { body: '<h1>Contact</h1><p><a href="mailto:hello@example.com">Mail</a> <a href="tel:+351210000000">Call</a></p>' }),
        ],
      }),
    );
    expect(outcome).toMatchObject({ status: "warn", score: 0.5 });
    expect(outcome.detail).toContain("/about is the about page but declares no structured-data type, where AboutPage fits");
    expect(outcome.detail).toContain("/contact is the contact page but declares no structured-data type, where ContactPage fits");
    expect(outcome.fix!.how).toContain('"@type": "ContactPage"');
    expect(outcome.fix!.how).toContain('"email": "hello@example.com"');
    expect(outcome.fix!.how).toContain('"telephone": "+351210000000"');
    expect(outcome.fix!.how).toContain('"@type": "AboutPage"');
    expect(outcome.fix!.how).toContain('"name": "About us"');
  });

  test("the homepage weighs half: a homepage without a fitting type and fitting samples score 0.5; all wrong fails", () => {
    const breadcrumbs = typed("BreadcrumbList");
    const fittingAbout = sampled("about", "/about", { head: typed("AboutPage"), body: "<h1>About</h1>" });
    const half = runAudit(schemaTypeFit, site({ homepage: homepage({ html: page({ head: breadcrumbs }) }), samplePages: [fittingAbout] }));
    expect(half).toMatchObject({ status: "warn", score: 0.5 });
    const none = runAudit(schemaTypeFit, site({ homepage: homepage({ html: page({ head: breadcrumbs }) }), samplePages: [] }));
    expect(none).toMatchObject({ status: "fail", score: 0 });
    expect(none.detail).toContain("The one page judged has no structured-data type that fits it: / is the homepage but declares BreadcrumbList");
    const block = JSON.parse(none.fix!.how.slice(none.fix!.how.indexOf("{"), none.fix!.how.lastIndexOf("}") + 1));
    expect(block["@graph"].map((node: { "@type": string }) => node["@type"])).toEqual(["Organization", "WebSite"]);
    expect(block["@graph"][0]).toMatchObject({ name: "Example Bakery", url: `${ORIGIN}/` });
    const threeQuarters = runAudit(schemaTypeFit, site({ samplePages: [fittingAbout, sampled("contact", "/contact", { body: "<h1>Contact</h1>" })] }));
    expect(threeQuarters).toMatchObject({ status: "warn", score: 0.75 });
  });

  test("the homepage fits as any organisation, a business described by its properties, or a full schema.org IRI", () => {
    const dentist = page({ head: ld({ "@context": "https://schema.org", "@type": "OrthodonticClinic", name: "Smile", address: "Rua Augusta 1, Lisbon" }) });
    expect(runAudit(schemaTypeFit, site({ homepage: homepage({ html: dentist }), samplePages: [] }))).toMatchObject({ status: "pass" });
    const iri = page({ head: ld({ "@type": "https://schema.org/WebSite", name: "Example" }) });
    expect(runAudit(schemaTypeFit, site({ homepage: homepage({ html: iri }), samplePages: [] }))).toMatchObject({ status: "pass" });
    const person = page({ head: typed("Person", { name: "Ana" }) });
    expect(runAudit(schemaTypeFit, site({ homepage: homepage({ html: person }), samplePages: [] }))).toMatchObject({ status: "pass" });
  });

  test("a byline and date in the site's footer do not make a page an article; privacy pages are not judged", () => {
    const footer = `<main><h1>Getting started</h1>${LONG_TEXT}</main><footer><a rel="author" href="/about">Ana</a> <time datetime="2026-10-20">20 Oct</time></footer>`;
    const outcome = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/guides/start", { body: footer }), sampled("privacy", "/privacy", { body: ARTICLE })] }));
    expect(outcome).toMatchObject({ status: "pass", score: 1 });
    expect(outcome.evidence).toHaveLength(1);
  });

  test("og:type article or a long <article> element make an article", () => {
    const og = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/news/opening", { head: '<meta property="og:type" content="article">', body: "<h1>We opened</h1><p>Short.</p>" })] }));
    expect(og.detail).toContain("/news/opening is an article (og:type article)");
    expect(og.fix!.how).toContain('"@type": "NewsArticle"');
    expect(og.fix!.how).toContain('"datePublished": "<YYYY-MM-DD>"');
    const element = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/story", { body: `<article><h1>Our story</h1>${LONG_TEXT}</article>` })] }));
    expect(element.detail).toMatch(/\/story is an article \(an <article> of \d+ words\)/);
  });

  test("a page marked with a more specific type (a Recipe) fits as an article", () => {
    const outcome = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/recipes/bread", { head: typed("Recipe", { name: "Bread" }), body: ARTICLE })] }));
    expect(outcome).toMatchObject({ status: "pass" });
  });

  test("hostile page values cannot close the script element the fix is pasted in", () => {
    // The page's own title, as its text reads once the HTML entities are decoded.
    const hostile = ARTICLE.replace("How we bake sourdough", "Bread&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--");
    const outcome = runAudit(schemaTypeFit, site({ samplePages: [sampled("content", "/blog/x", { body: hostile })] }));
    const how = outcome.fix!.how;
    const inner = how.slice(how.indexOf("<script type=\"application/ld+json\">") + 35, how.lastIndexOf("</script>"));
    expect(inner).not.toContain("</script");
    expect(inner).not.toContain("<!--");
    expect(JSON.parse(inner).headline).toBe("Bread</script><script>alert(1)</script><!--");
  });

  test("unknown when the homepage cannot be read", () => {
    expect(runAudit(schemaTypeFit, site({ homepage: homepage({ status: 500 }) }))).toMatchObject({ status: "unknown", score: null });
  });

  test("prices are written as plain decimals", () => {
    expect(normaliseAmount("1.299,00")).toBe("1299.00");
    expect(normaliseAmount("1,299.00")).toBe("1299.00");
    expect(normaliseAmount("12,5")).toBe("12.5");
    expect(normaliseAmount("1 299")).toBe("1299");
    expect(normaliseAmount("40")).toBe("40");
  });
});
