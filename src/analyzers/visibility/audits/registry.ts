import type { AuditRule } from "./audit.ts";
import { aiPlatformReach } from "./access/ai-platform-reach.ts";
import { crawlerProbe } from "./access/crawler-probe.ts";
import { homepageStatus } from "./access/homepage-status.ts";
import { https } from "./access/https.ts";
import { pageDirectives } from "./access/page-directives.ts";
import { responseTime } from "./access/response-time.ts";
import { robotsAiSearchAccess } from "./access/robots-ai-search-access.ts";
import { robotsAiTraining } from "./access/robots-ai-training.ts";
import { aiUsageSignals } from "./access/ai-usage-signals.ts";
import { directAnswer } from "./content/direct-answer.ts";
import { headingOutline } from "./content/heading-outline.ts";
import { imageAlt } from "./content/image-alt.ts";
import { listsTables } from "./content/lists-tables.ts";
import { questionHeadings } from "./content/question-headings.ts";
import { wordCountAudit } from "./content/word-count.ts";
import { canonicalLink } from "./discover/canonical-link.ts";
import { feed } from "./discover/feed.ts";
import { agentOfferings } from "./discover/agent-offerings.ts";
import { siteReach } from "./access/site-reach.ts";
import { sitePages } from "./content/site-pages.ts";
import { llmsFullTxt } from "./discover/llms-full-txt.ts";
import { llmsTxt } from "./discover/llms-txt.ts";
import { robotsSitemap } from "./discover/robots-sitemap.ts";
import { sitemapValid } from "./discover/sitemap-valid.ts";
import { commonCrawl } from "./presence/common-crawl.ts";
import { wikidataEntity } from "./presence/wikidata-entity.ts";
import { wikipediaArticle } from "./presence/wikipedia-article.ts";
import { rawHtmlH1 } from "./render/raw-html-h1.ts";
import { rawHtmlText } from "./render/raw-html-text.ts";
import { textMarkupRatio } from "./render/text-markup-ratio.ts";
import { pageSize } from "./render/page-size.ts";
import { titlePresent } from "./render/title-present.ts";
import { authorship } from "./trust/authorship.ts";
import { contentDates } from "./trust/content-dates.ts";
import { hsts } from "./trust/hsts.ts";
import { trustPages } from "./trust/trust-pages.ts";
import { htmlLang } from "./structure/html-lang.ts";
import { jsonLdParses } from "./structure/json-ld-parses.ts";
import { jsonLdPresent } from "./structure/json-ld-present.ts";
import { metaDescription } from "./structure/meta-description.ts";
import { openGraph } from "./structure/open-graph.ts";
import { organizationIdentity } from "./structure/organization-identity.ts";
import { schemaTypeFit } from "./structure/schema-type-fit.ts";
import { websiteSchema } from "./structure/website-schema.ts";

/** Every visibility audit rule. Their order in reports and pillars comes from the scoring table (scoring/pillars.ts). */
export const AUDIT_RULES: readonly AuditRule[] = [
  robotsAiSearchAccess, aiPlatformReach, crawlerProbe, homepageStatus, pageDirectives, https, responseTime, robotsAiTraining,
  rawHtmlText, rawHtmlH1, titlePresent, textMarkupRatio,
  sitemapValid, robotsSitemap, llmsTxt, llmsFullTxt, canonicalLink, feed,
  jsonLdPresent, jsonLdParses, organizationIdentity, websiteSchema, schemaTypeFit, openGraph, metaDescription, htmlLang,
  wordCountAudit, headingOutline, directAnswer, questionHeadings, listsTables, imageAlt,
  authorship, contentDates, trustPages, hsts,
  wikidataEntity, wikipediaArticle, commonCrawl,
  aiUsageSignals,
  pageSize,
  agentOfferings,
  siteReach,
  sitePages,
];
