/**
 * robots.txt files as sites write them, for the round trip of the fixes that let AI agents in: each names
 * the RFC 9309 reading it exercises. Shapes follow common real files (a news site that blocks AI crawlers
 * by name, WordPress's default, Cloudflare's managed file with Content-Signal, a Shopify-style file with
 * wildcards), without copying any.
 */
export const ROBOTS_VARIANTS: Record<string, string> = {
  "everyone shut out": "User-agent: *\nDisallow: /\n",
  "AI agents named in one group with training crawlers": "User-agent: GPTBot\nUser-agent: OAI-SearchBot\nUser-agent: ChatGPT-User\nUser-agent: ClaudeBot\nUser-agent: PerplexityBot\nDisallow: /\n\nUser-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\n\nSitemap: https://example.com/sitemap.xml\n",
  "one agent in two groups (merged)": "User-agent: PerplexityBot\nDisallow: /search\n\nUser-agent: Googlebot\nAllow: /\n\nUser-agent: PerplexityBot\nDisallow: /\nCrawl-delay: 10\n",
  "several tokens in one line": "User-agent: GPTBot OAI-SearchBot, ChatGPT-User\nDisallow: /\n# training and search alike\nUser-agent: *\nDisallow: /private/\nDisallow: /*?session=\n",
  "the wildcard blocks the homepage only": "User-agent: *\nDisallow: /$\nDisallow: /index.html\nAllow: /blog/\nSitemap: https://example.com/sitemap_index.xml\n",
  "a last group without rules": "User-agent: *\nDisallow: /\n\nUser-agent: Bingbot\n",
  "Sitemap between groups, CRLF, comments": "# robots for example.com\r\nUser-agent: Claude-SearchBot\r\nUser-agent: Claude-User\r\nDisallow: / # no\r\nSitemap: https://example.com/s1.xml\r\nUser-agent: *\r\nAllow: /\r\nDisallow: /cart\r\nSitemap: https://example.com/s2.xml\r\n",
  "Content-Signal and a shared group": "User-agent: *\nContent-Signal: search=yes, ai-train=no\nDisallow: /\nAllow: /about\n\nUser-agent: Googlebot\nUser-agent: Applebot-Extended\nDisallow: /\n",
  "versioned agent line": "User-agent: PerplexityBot/1.0 (+https://perplexity.ai/perplexitybot)\nDisallow: /\n\nUser-agent: *\nDisallow:\n",
  "longest match and Allow on a tie": "User-agent: *\nDisallow: /\nAllow: /$\nDisallow: /*.php$\n\nUser-agent: OAI-SearchBot\nDisallow: /\nAllow: /news/\n",
};
