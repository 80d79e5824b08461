import { type AnalysisStep, analyzePage } from "./analyze-page.ts";
import { failedRecord } from "./failed-record.ts";
import type { SchemaArtifacts } from "./gather/page-artifact.ts";
import type { SchemaRecord } from "./record-schema.ts";
import { schemaVocabulary } from "./vocabulary/vocabulary.ts";

const HTML_TYPES = /^(?:text\/html|application\/xhtml\+xml)\b/i;

/**
 * Judges the gathered page and builds the record. Pure (the vocabulary is embedded data), so stored
 * artifacts can be judged again after a rule change without refetching.
 */
export function scoreArtifacts(domain: string, artifacts: SchemaArtifacts, scannedAt: Date, onStep?: (step: AnalysisStep) => void): SchemaRecord {
  const page = artifacts.page;
  if (!page.ok) {
    const attempts = page.attempts.map((attempt) => `${attempt.url}: ${attempt.message}`).join("; ");
    return failedRecord(domain, `The page could not be fetched (${attempts || page.error.message}).`, scannedAt);
  }
  if (page.status < 200 || page.status > 299) {
    return failedRecord(domain, `${page.finalUrl} answered HTTP ${page.status}, so there is no page to analyse.`, scannedAt);
  }
  if (page.contentType !== "" && !HTML_TYPES.test(page.contentType.trim())) {
    return failedRecord(domain, `${page.finalUrl} is not an HTML page (Content-Type: ${page.contentType.slice(0, 100)}).`, scannedAt);
  }
  return { domain, status: "ok", scannedAt: scannedAt.toISOString(), result: analyzePage(page, schemaVocabulary(), onStep) };
}
