import type { FixtureHandler } from "../helpers/fixture-server.ts";

/**
 * A site whose title, description, headings, JSON-LD and links carry markup and script URLs, so that
 * a scan of it puts hostile text into the record. Every payload calls alert(): a page that shows the
 * record and runs any of it opens a dialog, which the browser test listens for.
 */
export function hostileContentSite(name: string): Record<string, FixtureHandler> {
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: `</script><script>alert("ld-name")</script>`,
    description: `"><img src=x onerror=alert("ld-img")>`,
    url: `javascript:alert("ld-url")`,
    sameAs: [`javascript:alert("ld-sameas")`, `https://${name}/"><script>alert("ld-attr")</script>`],
  };
  return {
    // JSON.stringify leaves "</script>" as is: the JSON-LD block is cut short on purpose, as a hostile site would.
    "/": `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title><script>alert("title")</script> "><img src=x onerror=alert("title-img")> </script></title>
<meta name="description" content="&lt;script&gt;alert(&quot;description&quot;)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(&quot;description-img&quot;)&gt;">
<link rel="canonical" href="javascript:alert('canonical')">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"\\u003c/script\\u003e\\u003cscript\\u003ealert('ld-escaped')\\u003c/script\\u003e"}</script>
</head>
<body>
<h1>&lt;script&gt;alert("h1")&lt;/script&gt;</h1>
<h2>"&gt;&lt;img src=x onerror=alert("h2")&gt;</h2>
<p>Read about us <a href="javascript:alert('link')">here</a> and <a href="&#106;avascript:alert('entity-link')">there</a>.</p>
<p>${"Plain words so that the page has some text to read. ".repeat(20)}</p>
</body>
</html>`,
    "/robots.txt": `User-agent: *\nAllow: /\nSitemap: javascript:alert("sitemap")\n# <script>alert("robots")</script>\n`,
  };
}
