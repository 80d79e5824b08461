import type { FixtureHandler } from "../helpers/fixture-server.ts";

/**
 * Pages for the schema service's browser test. The shop page holds what the report must show: a valid
 * Product (eligible for rich results), an Organization with an unknown property (an error), a JSON-LD
 * block that does not parse, and a breadcrumb trail without markup (suggested JSON-LD to copy).
 * The hostile page puts script in every place the report quotes: JSON-LD values, the title, Microdata
 * values and property names, breadcrumb names and links. Every payload calls alert(), so a report that
 * runs any of it opens a dialog, which the test listens for.
 */

const htmlPage = (body: string): FixtureHandler => () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });

/** A JSON-LD script element whose JSON keeps "</script>" inside values instead of ending the element. */
const jsonLdBlock = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value, null, 2).replace(/</g, "\\u003c")}</script>`;

export const SHOP_PAGE_PATH = "/widgets/great";
export const UNKNOWN_PROPERTY = "favouriteColour";

export function schemaShopSite(): Record<string, FixtureHandler> {
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: "Great Widget",
    image: "https://shop.secure.test/img/great-widget.jpg",
    description: "A great widget for every workshop.",
    sku: "GW-1",
    brand: { "@type": "Brand", name: "Widget Works" },
    offers: { "@type": "Offer", price: "19.90", priceCurrency: "EUR", availability: "https://schema.org/InStock", url: `https://shop.secure.test${SHOP_PAGE_PATH}` },
  };
  const organization = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: "Widget Works",
    url: "https://shop.secure.test/",
    logo: "https://shop.secure.test/img/logo.png",
    [UNKNOWN_PROPERTY]: "green",
  };
  return {
    [SHOP_PAGE_PATH]: htmlPage(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Great Widget | Widget Works</title>
<meta name="description" content="A great widget for every workshop.">
${jsonLdBlock(product)}
${jsonLdBlock(organization)}
<script type="application/ld+json">{ "@context": "https://schema.org", "@type": "Review", "name": "Trailing comma", }</script>
</head><body>
<nav aria-label="Breadcrumb"><ol><li><a href="/">Home</a></li><li><a href="/widgets/">Widgets</a></li><li aria-current="page">Great Widget</li></ol></nav>
<h1>Great Widget</h1>
<p>€19.90, in stock.</p>
</body></html>`),
    "/robots.txt": "User-agent: *\nAllow: /\n",
  };
}

export const HOSTILE_PAGE_PATH = "/items/bad";
/** The strings the report must show as text, never run. */
export const SCHEMA_HOSTILE_STRINGS = [
  "<script>alert(1)</script>",
  `"><img src=x onerror=alert(2)>`,
  "</script><script>alert(3)</script>",
  "javascript:alert(4)",
] as const;

export function schemaHostileSite(host: string): Record<string, FixtureHandler> {
  const [script, img, close, link] = SCHEMA_HOSTILE_STRINGS;
  const product = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: script,
    description: img,
    url: link,
    image: `https://${host}/x.png"><img src=x onerror=alert(2)>`,
    brand: { "@type": "Brand", name: close },
    [`${script}`]: close,
    offers: { "@type": "Offer", price: img, priceCurrency: script, url: link },
  };
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
  return {
    [HOSTILE_PAGE_PATH]: htmlPage(`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${escape(script)} ${escape(img)} ${escape(close)}</title>
<meta name="description" content="${escape(img)} ${escape(close)}">
<link rel="canonical" href="${link}">
${jsonLdBlock(product)}
<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage","name":"cut short ${close}"}</script>
</head><body>
<nav aria-label="Breadcrumb"><ol><li><a href="/">${escape(script)}</a></li><li><a href="/items/">${escape(img)}</a></li><li aria-current="page">${escape(close)}</li></ol></nav>
<h1>${escape(script)}</h1>
<div itemscope itemtype="https://schema.org/Product">
<span itemprop="name">${escape(close)}</span>
<span itemprop="description">${escape(img)}</span>
<a itemprop="url" href="${link}">${escape(link)}</a>
<span itemprop="&lt;script&gt;alert(1)&lt;/script&gt;">${escape(script)}</span>
</div>
<p>Read more <a href="${link}">here</a> and <a href="&#106;avascript:alert(4)">there</a>.</p>
</body></html>`),
    "/robots.txt": "User-agent: *\nAllow: /\n",
  };
}
