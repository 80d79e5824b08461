import type { AuditDefinition } from "./audit.ts";
import { homepageStatus } from "./access/homepage-status.ts";
import { https } from "./access/https.ts";
import { pageDirectives } from "./access/page-directives.ts";
import { robotsAiSearchAccess } from "./access/robots-ai-search-access.ts";
import { robotsAiTraining } from "./access/robots-ai-training.ts";
import { robotsSitemap } from "./discover/robots-sitemap.ts";
import { offsitePresence } from "./presence/offsite-presence.ts";
import { rawHtmlText } from "./render/raw-html-text.ts";
import { titlePresent } from "./render/title-present.ts";
import { htmlLang } from "./structure/html-lang.ts";
import { jsonLdParses } from "./structure/json-ld-parses.ts";
import { jsonLdPresent } from "./structure/json-ld-present.ts";
import { metaDescription } from "./structure/meta-description.ts";

/** Every visibility audit, in the order its pillar lists its signals. */
export const AUDITS: readonly AuditDefinition[] = [
  robotsAiSearchAccess,
  homepageStatus,
  pageDirectives,
  https,
  robotsAiTraining,
  rawHtmlText,
  titlePresent,
  robotsSitemap,
  jsonLdPresent,
  jsonLdParses,
  metaDescription,
  htmlLang,
  offsitePresence,
];
