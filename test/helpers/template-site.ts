/**
 * A loopback site of about 300 pages in six templates, each built with its own fault, for the site-wide
 * scan (issue 29). Reusable: serve it with startFixtureSite and reach it through SCAN_CONNECT_TO.
 *
 *   const built = templateSite({ host: "shop.secure.test" });
 *   const site = await startFixtureSite(built.handler, { tls: true });
 *   // SCAN_CONNECT_TO=site.connectTo("shop.secure.test"); built.templates lists what each template holds.
 *
 * | template           | pages | built with                                                                 |
 * |--------------------|-------|----------------------------------------------------------------------------|
 * | /blog/<slug>       | 100   | articles; every 4th (i % 4 == 0, 25 of them) is an app shell               |
 * | /products/<id>     | 60    | Product JSON-LD without `offers`                                           |
 * | /docs/<slug>       | 50    | sound pages, but robots.txt disallows /docs/ for OAI-SearchBot (only)     |
 * | /tag/<name>        | 30    | `<meta name="robots" content="noindex">`                                   |
 * | /old/<id>          | 30    | 301 to /gone/<id>, which answers 404                                       |
 * | /guides/<slug>     | 30    | sound pages (also listed in llms.txt)                                      |
 * | /                  | 1     | the homepage, sound, linking to the first pages of each template           |
 *
 * The sitemap is an index (/sitemap.xml) of a plain child (blog, products, docs, guides) and a gzipped
 * one (tags, old URLs). Each page links to the next two of its template, so links reach every page too.
 * Options add a /private/<n> section robots.txt closes to everyone, a Crawl-delay, a group for sightline,
 * and a delay before every response.
 */
import { gzipSync } from "node:zlib";

export interface TemplateSiteOptions {
  /** The host the site is served as (the certificate covers *.secure.test, good.test, localhost). */
  host: string;
  /** Pages under /private/, linked from the homepage and closed by `User-agent: *` `Disallow: /private/` (default 0: no such section). */
  privatePages?: number;
  /** A Crawl-delay line in the `*` group, in seconds. */
  crawlDelay?: number;
  /** Lines of a `User-agent: sightline` group (e.g. ["Disallow: /guides/"]); none by default. */
  sightlineRules?: string[];
  /** Scale every template's page count (default 1: 300 pages). */
  scale?: number;
}

export interface TemplateSpec {
  template: string;
  pages: number;
  fault: "app-shell" | "no-offers" | "oai-searchbot-disallowed" | "noindex" | "redirect-to-404" | "sound" | "private";
  /** Pages of the template that carry the fault (all of them, but for the app shells). */
  faulty: number;
}

export interface TemplateSite {
  handler: (request: Request) => Response;
  templates: TemplateSpec[];
  /** Every page URL of the site (the homepage first), as the sitemap and links list them. */
  urls: string[];
  robotsTxt: string;
}

const WORDS = "visibility crawlers answer engines read pages templates sitemap robots structured data readers platforms search index".split(" ");

export function templateSite(options: TemplateSiteOptions): TemplateSite {
  const origin = `https://${options.host}`;
  const scale = options.scale ?? 1;
  const count = (pages: number) => Math.max(1, Math.round(pages * scale));
  const blog = range(count(100), (i) => `/blog/field-notes-${i}-on-reading-pages`);
  const products = range(count(60), (i) => `/products/${10_000 + i}`);
  const docs = range(count(50), (i) => `/docs/how-to-${i}-configure-things`);
  const tags = range(count(30), (i) => `/tag/${tagName(i)}`);
  const old = range(count(30), (i) => `/old/${500 + i}`);
  const guides = range(count(30), (i) => `/guides/guide-number-${i}`);
  const privates = range(options.privatePages ?? 0, (i) => `/private/${900 + i}`);
  const appShells = blog.filter((_, i) => i % 4 === 0).length;
  const templates: TemplateSpec[] = [
    { template: "/blog/<slug>", pages: blog.length, fault: "app-shell", faulty: appShells },
    { template: "/products/<id>", pages: products.length, fault: "no-offers", faulty: products.length },
    { template: "/docs/<slug>", pages: docs.length, fault: "oai-searchbot-disallowed", faulty: docs.length },
    { template: "/tag/<name>", pages: tags.length, fault: "noindex", faulty: tags.length },
    { template: "/old/<id>", pages: old.length, fault: "redirect-to-404", faulty: old.length },
    { template: "/guides/<slug>", pages: guides.length, fault: "sound", faulty: 0 },
    ...(privates.length > 0 ? [{ template: "/private/<id>", pages: privates.length, fault: "private" as const, faulty: privates.length }] : []),
  ];
  const sections = [blog, products, docs, tags, old, guides, privates];
  const robotsTxt = [
    ...(options.sightlineRules ? ["User-agent: sightline", ...options.sightlineRules, ""] : []),
    "User-agent: *",
    "Allow: /",
    ...(privates.length > 0 ? ["Disallow: /private/"] : []),
    ...(options.crawlDelay !== undefined ? [`Crawl-delay: ${options.crawlDelay}`] : []),
    "",
    "User-agent: OAI-SearchBot",
    "Disallow: /docs/",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  const plainSitemap = urlset([...blog, ...products, ...docs, ...guides].map((path) => `${origin}${path}`));
  const gzipSitemap = gzipSync(urlset([...tags, ...old].map((path) => `${origin}${path}`)));
  const index = `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemap-pages.xml</loc></sitemap><sitemap><loc>${origin}/sitemap-more.xml.gz</loc></sitemap></sitemapindex>`;
  const llmsTxt = `# Template site\n\n> A fixture for the site-wide scan.\n\n## Guides\n\n${guides.slice(0, 5).map((path, i) => `- [Guide ${i}](${origin}${path})`).join("\n")}\n`;
  const next = (list: string[], i: number) => [list[i + 1], list[i + 2]].filter((path): path is string => path !== undefined);
  const homeLinks = [...sections.flatMap((list) => list.slice(0, 2)), ...privates];

  const handler = (request: Request): Response => {
    const path = new URL(request.url).pathname;
    if (path === "/robots.txt") return text(robotsTxt, "text/plain; charset=utf-8");
    if (path === "/sitemap.xml") return text(index, "application/xml");
    if (path === "/sitemap-pages.xml") return text(plainSitemap, "application/xml");
    if (path === "/sitemap-more.xml.gz") return new Response(gzipSitemap, { headers: { "content-type": "application/gzip" } });
    if (path === "/llms.txt") return text(llmsTxt, "text/plain; charset=utf-8");
    if (path === "/") return html(page({ origin, path, title: "Template site", kind: "home", links: homeLinks }));
    const blogIndex = blog.indexOf(path);
    if (blogIndex >= 0) {
      if (blogIndex % 4 === 0) return html(appShell(origin, path));
      return html(page({ origin, path, title: `Field notes ${blogIndex}`, kind: "article", links: next(blog, blogIndex) }));
    }
    const productIndex = products.indexOf(path);
    if (productIndex >= 0) return html(page({ origin, path, title: `Widget ${productIndex}`, kind: "product", links: next(products, productIndex) }));
    const docIndex = docs.indexOf(path);
    if (docIndex >= 0) return html(page({ origin, path, title: `How to ${docIndex}`, kind: "doc", links: next(docs, docIndex) }));
    const tagIndex = tags.indexOf(path);
    if (tagIndex >= 0) return html(page({ origin, path, title: `Tag ${tagName(tagIndex)}`, kind: "tag", links: [...next(tags, tagIndex), blog[tagIndex % blog.length]!] }));
    const oldIndex = old.indexOf(path);
    if (oldIndex >= 0) return new Response(null, { status: 301, headers: { location: `/gone/${500 + oldIndex}` } });
    const guideIndex = guides.indexOf(path);
    if (guideIndex >= 0) return html(page({ origin, path, title: `Guide ${guideIndex}`, kind: "doc", links: next(guides, guideIndex) }));
    const privateIndex = privates.indexOf(path);
    if (privateIndex >= 0) return html(page({ origin, path, title: `Private ${privateIndex}`, kind: "doc", links: [] }));
    return new Response("<!doctype html><title>Not found</title><h1>Not found</h1>", { status: 404, headers: { "content-type": "text/html; charset=utf-8" } });
  };
  return { handler, templates, urls: ["/", ...sections.flat()].map((path) => `${origin}${path}`), robotsTxt };
}

function range(count: number, make: (index: number) => string): string[] {
  return Array.from({ length: count }, (_, index) => make(index));
}

function tagName(index: number): string {
  return `topic${String.fromCharCode(97 + (index % 26))}${String.fromCharCode(97 + Math.floor(index / 26))}`;
}

function urlset(urls: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${url}</loc><lastmod>2026-11-01</lastmod></url>`).join("")}</urlset>`;
}

function text(body: string, contentType: string): Response {
  return new Response(body, { headers: { "content-type": contentType } });
}

function html(body: string): Response {
  return new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } });
}

function prose(seed: number, words: number): string {
  return range(words, (i) => WORDS[(seed + i * 7) % WORDS.length]!).join(" ");
}

interface PageSpec {
  origin: string;
  path: string;
  title: string;
  kind: "home" | "article" | "product" | "doc" | "tag";
  links: string[];
}

function page(spec: PageSpec): string {
  const url = `${spec.origin}${spec.path}`;
  const seed = spec.path.length;
  const jsonLd =
    spec.kind === "article"
      ? { "@context": "https://schema.org", "@type": "BlogPosting", headline: spec.title, author: { "@type": "Person", name: "Ada Writer" }, datePublished: "2026-10-01", dateModified: "2026-10-15", image: `${spec.origin}/cover.png` }
      : spec.kind === "product"
        ? { "@context": "https://schema.org", "@type": "Product", name: spec.title, description: `${spec.title}, a widget.`, image: `${spec.origin}/widget.png`, sku: spec.path.slice(-5) }
        : spec.kind === "home"
          ? { "@context": "https://schema.org", "@type": "WebSite", name: "Template site", url: `${spec.origin}/` }
          : null;
  // Only articles sit in <article>: a long <article> makes any page an article to readers (derive/page-profile.ts), and the sound templates must be sound.
  const container = spec.kind === "article" ? "article" : "section";
  const byline = spec.kind === "article" ? `<p class="byline">By <span rel="author">Ada Writer</span>, <time datetime="2026-10-01">1 October 2026</time></p>` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${spec.title} | Template site</title>
<meta name="description" content="${spec.title}: ${prose(seed, 12)}.">
${spec.kind === "tag" ? `<meta name="robots" content="noindex">` : ""}
<link rel="canonical" href="${url}">
<meta property="og:title" content="${spec.title}">
<meta property="og:description" content="${spec.title}, described.">
<meta property="og:image" content="${spec.origin}/og.png">
<meta property="og:type" content="${spec.kind === "article" ? "article" : spec.kind === "product" ? "product" : "website"}">
${jsonLd ? `<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>` : ""}
</head>
<body>
<header><nav><a href="/">Home</a> <a href="/blog/field-notes-1-on-reading-pages">Blog</a> <a href="/guides/guide-number-0">Guides</a></nav></header>
<main>
<${container}>
<h1>${spec.title}</h1>
${byline}
<p>${prose(seed, 120)}.</p>
<p>${prose(seed + 3, 120)}.</p>
${spec.kind === "product" ? `<p class="price">Ask us for a price.</p>` : ""}
</${container}>
<ul>${spec.links.map((link) => `<li><a href="${link}">${link}</a></li>`).join("")}</ul>
</main>
<footer><p>© 2026 Template site</p></footer>
</body>
</html>`;
}

function appShell(origin: string, path: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Template site</title>
<link rel="canonical" href="${origin}${path}">
<script type="module" src="/assets/app.js"></script>
</head>
<body><div id="root"></div><noscript>You need to enable JavaScript to run this app.</noscript></body>
</html>`;
}
