import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import { homepage, llms, offsite, site } from "./sample-site.ts";

/**
 * Sites from issue 25, as their scans' artifacts: a bakery with a complete `@graph` whose entity is
 * `#business`, a personal blog whose homepage is a Blog by a Person, and a site with no structured data that
 * names itself only in `<meta name="og:site_name">`. The off-site checks know the bakery's Wikidata item
 * and Wikipedia article.
 */

const ld = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

export const BAKERY = "https://rosewood-bakery.com";

const BAKERY_GRAPH = {
  "@context": "https://schema.org",
  "@graph": [
    {
      "@type": "Bakery",
      "@id": `${BAKERY}/#business`,
      name: "Rosewood Bakery",
      url: `${BAKERY}/`,
      logo: `${BAKERY}/images/logo.png`,
      image: `${BAKERY}/images/shop.jpg`,
      telephone: "+1-503-555-0142",
      priceRange: "$$",
      address: { "@type": "PostalAddress", streetAddress: "12 Rosewood Lane", addressLocality: "Portland", addressRegion: "OR", postalCode: "97201", addressCountry: "US" },
      geo: { "@type": "GeoCoordinates", latitude: 45.52, longitude: -122.68 },
      openingHoursSpecification: [{ "@type": "OpeningHoursSpecification", dayOfWeek: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], opens: "07:00", closes: "15:00" }],
      sameAs: ["https://www.instagram.com/rosewoodbakery"],
    },
    { "@type": "WebSite", "@id": `${BAKERY}/#website`, name: "Rosewood Bakery", url: `${BAKERY}/`, publisher: { "@id": `${BAKERY}/#business` } },
    { "@type": "WebPage", "@id": `${BAKERY}/#webpage`, url: `${BAKERY}/`, name: "Rosewood Bakery — bread and pastries in Portland", isPartOf: { "@id": `${BAKERY}/#website` }, about: { "@id": `${BAKERY}/#business` } },
  ],
};

const BAKERY_HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Rosewood Bakery — bread and pastries in Portland</title>
<meta name="description" content="Rosewood Bakery bakes sourdough, croissants and seasonal tarts in Portland, Oregon, Tuesday to Saturday.">
${ld(BAKERY_GRAPH)}</head><body><header><h1>Rosewood Bakery</h1><nav><a href="/contact">Contact</a> <a href="/blog/new-oven">Journal</a></nav></header>
<main><h2>What we bake</h2><p>${"Sourdough loaves, croissants, seasonal fruit tarts and rye bread, baked every morning from local flour. ".repeat(4)}</p>
<h2>How we bake</h2><p>${"Long fermentation, a wood-fired oven and butter from the valley. ".repeat(4)}</p></main>
<footer><a href="https://www.instagram.com/rosewoodbakery">Instagram</a> <a href="https://www.facebook.com/sharer/sharer.php?u=https://rosewood-bakery.com/">Share</a></footer></body></html>`;

const BAKERY_CONTACT = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Contact — Rosewood Bakery</title><meta name="description" content="How to reach Rosewood Bakery."></head>
<body><h1>Contact us</h1><p>Call <a href="tel:+15035550142">+1 503 555 0142</a> or write to <a href="mailto:hello@rosewood-bakery.com">hello@rosewood-bakery.com</a>. We are at 12 Rosewood Lane, Portland.</p></body></html>`;

const BAKERY_ARTICLE = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Our new oven — Rosewood Bakery</title><meta name="description" content="Why we built a wood-fired oven.">
<meta property="article:published_time" content="2026-10-02"></head><body><article><h1>Our new oven</h1><time datetime="2026-10-02">2 October 2026</time>
<p>${"This autumn we built a wood-fired oven behind the shop, and it changed how our bread tastes and how our mornings run. ".repeat(30)}</p></article></body></html>`;

function page(url: string, role: "about" | "contact" | "privacy" | "content", html: string) {
  return { url, role, ok: true as const, status: 200, finalUrl: url, contentType: "text/html; charset=utf-8", html, truncated: false };
}

export function bakerySite(): Artifacts {
  return {
    ...site({
      homepage: homepage({ requestedUrl: `${BAKERY}/`, finalUrl: `${BAKERY}/`, html: BAKERY_HOME }),
      samplePages: [page(`${BAKERY}/contact`, "contact", BAKERY_CONTACT), page(`${BAKERY}/blog/new-oven`, "content", BAKERY_ARTICLE)],
      llmsTxt: [llms("", { status: 404, url: `${BAKERY}/llms.txt` }), llms("", { status: 404, url: `${BAKERY}/.well-known/llms.txt` })],
      offsite: offsite({
        wikidata: { status: "found", detail: "Wikidata item Q888888 gives rosewood-bakery.com as its official website.", url: "https://www.wikidata.org/wiki/Q888888" },
        wikipedia: { status: "found", detail: "The Wikidata item has an English Wikipedia article.", url: "https://en.wikipedia.org/wiki/Rosewood_Bakery" },
        wikipediaCitations: 2,
      }),
    }),
    domain: "rosewood-bakery.com",
  };
}

export const BLOG = "https://janeokafor.example";

const BLOG_HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Notes from the field — Jane Okafor</title>
${ld({ "@context": "https://schema.org", "@type": "Blog", "@id": `${BLOG}/#blog`, name: "Notes from the field", url: `${BLOG}/`, author: { "@type": "Person", "@id": `${BLOG}/#jane`, name: "Jane Okafor", url: `${BLOG}/about` } })}
</head><body><header><h1>Notes from the field</h1><a href="/about">About me</a></header><main><p>${"Field notes on soil, water and the farms I visit. ".repeat(10)}</p></main>
<footer><a href="https://github.com/janeokafor">GitHub</a> <a href="https://www.linkedin.com/in/jane-okafor">LinkedIn</a> <a href="https://www.linkedin.com/company/field-notes-inc">Our sponsor</a></footer></body></html>`;

export function personalBlogSite(): Artifacts {
  return {
    ...site({
      homepage: homepage({ requestedUrl: `${BLOG}/`, finalUrl: `${BLOG}/`, html: BLOG_HOME }),
      samplePages: [],
      llmsTxt: [llms("", { status: 404, url: `${BLOG}/llms.txt` }), llms("", { status: 404, url: `${BLOG}/.well-known/llms.txt` })],
      offsite: offsite({ wikidata: { status: "not_found", detail: "No item.", url: null }, wikipedia: { status: "not_found", detail: "No article.", url: null }, wikipediaCitations: 0 }),
    }),
    domain: "janeokafor.example",
  };
}

export const PLAIN = "https://harbour-books.example";

const PLAIN_HOME = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Ten novels to read by the sea this summer</title>
<meta name="og:site_name" content="Harbour Books"><meta name="Description" content="An independent bookshop on the harbour in Whitby: new and second-hand books, events and a reading café.">
</head><body><h1>Ten novels to read by the sea this summer</h1><p>${"Our booksellers pick the novels they could not put down. ".repeat(12)}</p>
<a href="/events">Events</a> <a href="/cafe">The café</a></body></html>`;

export function plainSite(): Artifacts {
  return {
    ...site({
      homepage: homepage({ requestedUrl: `${PLAIN}/`, finalUrl: `${PLAIN}/`, html: PLAIN_HOME }),
      samplePages: [],
      llmsTxt: [llms("", { status: 404, url: `${PLAIN}/llms.txt` }), llms("", { status: 404, url: `${PLAIN}/.well-known/llms.txt` })],
      offsite: null,
    }),
    domain: "harbour-books.example",
  };
}
