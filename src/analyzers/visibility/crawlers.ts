/**
 * The AI crawlers and agents the visibility scan knows, as data. `token` is the robots.txt product token
 * (matched case-insensitively, RFC 9309); `userAgent` is what a live probe sends, null for tokens that are
 * robots.txt-only switches with no crawler of their own (Google-Extended, Applebot-Extended).
 *
 * Purposes: "search" crawlers build the indexes AI answers cite; "user" agents fetch a page when a person
 * asks an assistant about it; "training" crawlers collect model-training data (blocking them is a choice).
 */

export type CrawlerPurpose = "search" | "user" | "training";

export interface AiCrawler {
  token: string;
  operator: string;
  purpose: CrawlerPurpose;
  userAgent: string | null;
  docs: string | null;
}

export const AI_CRAWLERS: readonly AiCrawler[] = [
  {
    token: "OAI-SearchBot",
    operator: "OpenAI",
    purpose: "search",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; OAI-SearchBot/1.3; +https://openai.com/searchbot",
    docs: "https://platform.openai.com/docs/bots",
  },
  {
    token: "ChatGPT-User",
    operator: "OpenAI",
    purpose: "user",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot",
    docs: "https://platform.openai.com/docs/bots",
  },
  {
    token: "GPTBot",
    operator: "OpenAI",
    purpose: "training",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; GPTBot/1.3; +https://openai.com/gptbot",
    docs: "https://platform.openai.com/docs/bots",
  },
  {
    token: "Claude-SearchBot",
    operator: "Anthropic",
    purpose: "search",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)",
    docs: "https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler",
  },
  {
    token: "Claude-User",
    operator: "Anthropic",
    purpose: "user",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)",
    docs: "https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler",
  },
  {
    token: "ClaudeBot",
    operator: "Anthropic",
    purpose: "training",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)",
    docs: "https://support.claude.com/en/articles/8896518-does-anthropic-crawl-data-from-the-web-and-how-can-site-owners-block-the-crawler",
  },
  {
    token: "PerplexityBot",
    operator: "Perplexity",
    purpose: "search",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
    docs: "https://docs.perplexity.ai/guides/bots",
  },
  {
    token: "Perplexity-User",
    operator: "Perplexity",
    purpose: "user",
    userAgent: "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
    docs: "https://docs.perplexity.ai/guides/bots",
  },
  {
    token: "Googlebot",
    operator: "Google",
    purpose: "search",
    userAgent:
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html) Chrome/131.0.0.0 Safari/537.36",
    docs: "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers",
  },
  {
    token: "Google-Extended",
    operator: "Google",
    purpose: "training",
    userAgent: null,
    docs: "https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-extended",
  },
  {
    token: "Bingbot",
    operator: "Microsoft",
    purpose: "search",
    userAgent:
      "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm) Chrome/131.0.0.0 Safari/537.36",
    docs: "https://www.bing.com/webmasters/help/which-crawlers-does-bing-use-8c184ec0",
  },
  {
    token: "Applebot",
    operator: "Apple",
    purpose: "search",
    userAgent:
      "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15 (Applebot/0.1; +http://www.apple.com/go/applebot)",
    docs: "https://support.apple.com/en-us/119829",
  },
  {
    token: "Applebot-Extended",
    operator: "Apple",
    purpose: "training",
    userAgent: null,
    docs: "https://support.apple.com/en-us/119829",
  },
  {
    token: "DuckAssistBot",
    operator: "DuckDuckGo",
    purpose: "user",
    userAgent: "DuckAssistBot/1.2; (+http://duckduckgo.com/duckassistbot.html)",
    docs: "https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot",
  },
  {
    token: "CCBot",
    operator: "Common Crawl",
    purpose: "training",
    userAgent: "CCBot/2.0 (https://commoncrawl.org/faq/)",
    docs: "https://commoncrawl.org/ccbot",
  },
  {
    token: "meta-externalagent",
    operator: "Meta",
    purpose: "training",
    userAgent: "meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)",
    docs: "https://developers.facebook.com/docs/sharing/webmasters/web-crawlers",
  },
  {
    token: "Bytespider",
    operator: "ByteDance",
    purpose: "training",
    userAgent:
      "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
    docs: null,
  },
];

export function crawlersFor(...purposes: CrawlerPurpose[]): AiCrawler[] {
  return AI_CRAWLERS.filter((crawler) => purposes.includes(crawler.purpose));
}
