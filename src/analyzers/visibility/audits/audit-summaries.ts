/**
 * Each audit in two sentences: what it looks at and why it matters for AI visibility. The "learn more"
 * pages of the service (/checks/<audit-id>) show them beside the weights, impact and gates of the
 * scoring tables; docs/visibility-audits.md says the same at length. A test fails when an audit lacks one.
 */
export const AUDIT_SUMMARIES: Readonly<Record<string, string>> = {
  "ai-platform-reach":
    "For each AI platform people get answers from (ChatGPT, Google's AI features, Copilot, Perplexity, Claude and more), whether one of its index crawlers may find the homepage and its live fetchers can read it, weighted by the platform's audience. A platform that cannot read the homepage cannot quote or cite the site at all.",
  "robots-ai-search-access":
    "robots.txt, parsed as RFC 9309 says, for every AI search and assistant agent: which are let in and which line or group blocks the others. Those agents fetch pages to answer questions and link to their sources.",
  "crawler-probe":
    "The homepage fetched as the major AI crawlers and as a browser, compared: refusals (401, 402, 403, 429), bot-protection challenges, and pages far smaller than the browser's. A firewall or CDN rule can shut crawlers out even when robots.txt lets them in.",
  "homepage-status": "Whether the homepage answers with a page (2xx, after at most a few redirects). Crawlers index nothing from an error page.",
  "page-directives":
    "`noindex`, `nosnippet`, `max-snippet` and `noai` in the homepage's meta robots tag and `X-Robots-Tag` header. A page that may not be indexed or quoted cannot be cited.",
  https: "Whether the site is served over HTTPS with a valid certificate and plain http redirects to it. Crawlers and assistants prefer secure pages, and browsers warn about the rest.",
  "response-time": "The homepage's time to first byte. Live fetchers answering a question give up on slow pages.",
  "robots-ai-training":
    "Whether robots.txt lets the training crawlers (GPTBot, Google-Extended, CCBot and others) in. Reported but never scored: keeping content out of model training is the site's choice, and it does not affect AI search.",
  "raw-html-text":
    "The visible text in the HTML as served, before any JavaScript runs, and whether the page is an empty app shell. Most AI crawlers run no JavaScript, so text that only scripts render is invisible to them.",
  "raw-html-h1": "Whether the main heading is in the served HTML. The h1 tells crawlers what the page is about.",
  "title-present": "Whether the page has a descriptive `<title>`, not a placeholder such as \"Home\". Assistants show it when they cite the page.",
  "page-size": "Whether the homepage's HTML is small enough to be read whole: Googlebot reads the first 2 MB of an HTML file for Google Search, and the scan cuts at FETCH_MAX_BYTES. What lies past a crawler's limit does not exist for it.",
  "text-markup-ratio": "How much of the HTML is text rather than markup, inline scripts and styles. Crawlers that cut pages at a size limit may never reach text buried under megabytes of script.",
  "sitemap-valid":
    "Whether the XML sitemap (gzipped or not, and the child sitemaps of an index) parses and dates its pages with `lastmod`. A sitemap lists what to crawl; dates tell crawlers what changed.",
  "robots-sitemap": "Whether robots.txt names the sitemap in a `Sitemap:` line. Crawlers read robots.txt first.",
  "llms-txt":
    "Whether /llms.txt exists and follows the llmstxt.org proposal: an H1, an optional summary, and H2 sections listing links that resolve (up to 20 of its links are fetched; dead ones break the rule, redirected ones are listed). It points AI agents at the pages that matter, in Markdown they read easily, but few read it: 2026 log studies put AI crawlers' requests for /llms.txt at 0.1–0.3% of their requests, and ax-audit 4.0 weighs it 5 of 100, so it weighs 5 here too.",
  "llms-full-txt": "Whether /llms-full.txt offers the site's content in one Markdown file, served as text. Agents can read the whole site in one request.",
  "canonical-link": "Whether the homepage names its canonical URL. Without it crawlers choose between URL variants themselves and may split citations.",
  feed: "Whether the homepage links an RSS or Atom feed that answers as one (the feed is fetched). Feeds announce new content to the services that follow it.",
  "agent-offerings":
    "What the site offers agents that act: a Markdown answer to `Accept: text/markdown` (with `Vary: Accept`), an A2A agent card, an MCP server card, an RFC 9727 API catalog, OAuth metadata (RFC 8414, RFC 9728), `Link` relations for agents (describedby, api-catalog, service-desc, license), each checked for the fields its specification requires; retired or never-specified files (ai-plugin.json, /.well-known/mcp.json) are named. It weighs nothing: a site without them is not judged.",
  "json-ld-present": "Whether the homepage has structured data (JSON-LD, Microdata or RDFa) with a type. It says unambiguously who runs the site and what it offers.",
  "json-ld-parses": "Whether every JSON-LD block is valid JSON. A block that does not parse is ignored whole, with every fact in it.",
  "organization-identity":
    "The organisation or person behind the site in structured data, with a name, url, logo (or image) and `sameAs` links, Wikidata and Wikipedia counting most. This is how assistants tell the site's owner apart from others with similar names.",
  "website-schema": "Whether structured data declares the WebSite with its name and url. It gives the name assistants show when they cite the site.",
  "schema-type-fit":
    "Whether each page read declares a structured-data type that fits what it is: an article an Article, an FAQ an FAQPage, a product a Product, the homepage an Organization. The type tells assistants what a page can answer.",
  "open-graph": "Whether OpenGraph tags (title, description, image, url) describe the homepage. Chat apps and assistants show them when they link to the site.",
  "meta-description": "Whether the page has a meta description of useful length. It is often the summary an assistant quotes.",
  "html-lang": "Whether the root element declares the content's language. Assistants answer in many languages and pick sources in the right one.",
  "word-count": "Whether the homepage and sampled pages have enough text to cite. A few lines rarely get chosen as a source.",
  "heading-outline": "Whether each page has one h1 and headings that nest without skipping levels. The outline is how machines find the passage that answers a question.",
  "direct-answer": "Whether the homepage says what the site is, for whom, near the top. That first paragraph is what assistants quote to describe the site.",
  "question-headings": "Whether headings ask the questions visitors have and the text right below answers them. That pair is the passage assistants match to a question and cite.",
  "lists-tables": "Whether content puts facts in lists and tables. Structured facts (prices, steps, specifications) are easy to extract and quote correctly.",
  "image-alt": "Whether images have alt text. Assistants cannot see images; alt text is how they know what a photo or chart shows.",
  authorship: "Whether pages name their author, in structured data, meta tags, byline markup or text. A named author makes content more credible as a source.",
  "content-dates": "Whether pages carry publication or update dates, and how recent the newest is. Assistants prefer current sources and quote dates.",
  "trust-pages": "Whether about, contact and privacy pages are linked from the homepage and reachable. They show a real, reachable organisation behind the site.",
  hsts: "Whether HTTPS is enforced with a Strict-Transport-Security header of a long max-age. It shows the site is maintained and keeps visitors on HTTPS.",
  "wikidata-entity": "Whether Wikidata has an item for the site's organisation. Knowledge graphs built on Wikidata are how many AI systems know an entity.",
  "wikipedia-article": "Whether Wikipedia has an article on the organisation, or articles cite the site. Wikipedia is among the most used sources of AI training and answers.",
  "common-crawl": "Whether the site's pages are in the Common Crawl index. Common Crawl feeds the training data of most large language models.",
  "ai-usage-signals":
    "What the site tells AI systems they may do with it, per platform and purpose (search, answers, training, user-triggered fetch), read from robots.txt, Content Signals, AIPREF Content-Usage, TDMRep, RSL licences and page directives, and every contradiction between them. Reported but never scored: the choices are the site's; see docs/ai-usage-signals.md.",
  "site-reach":
    "Whether each AI platform can find and read the pages behind the homepage, template by template: robots.txt for each page's path, meta robots and X-Robots-Tag per agent, app shells for agents that run no JavaScript, and the live probes of one page per template. A template a platform cannot read is named with its count and example pages.",
  "site-pages":
    "Whether the sampled pages behind the homepage load (no error status, redirects to errors or soft 404s) and describe themselves (canonical, title, description, main heading, language, structured data that fits the page, Product offers, article bylines and dates, Open Graph), template by template with counts and example pages.",
};
