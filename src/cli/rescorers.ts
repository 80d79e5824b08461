import type { AnyRecord, ServiceName } from "../analyzers/analyzer.ts";
import type { PageVerdict } from "../analyzers/visibility/site-record-schema.ts";
import type { SchemaArtifacts } from "../analyzers/schema/gather/page-artifact.ts";
import { scoreArtifacts as scoreSchemaArtifacts } from "../analyzers/schema/score-artifacts.ts";
import { ARTIFACTS_VERSION, type Artifacts } from "../analyzers/visibility/gather/artifacts.ts";
import { pageVerdicts, scoreArtifacts as scoreVisibilityArtifacts } from "../analyzers/visibility/score-artifacts.ts";

/**
 * How each service judges artifacts it stored earlier: whether this build can read them, then the
 * service's own pure scoring entry point (the one its scans use), so a re-scored record is exactly
 * what a scan gathering the same artifacts would store today.
 */


export interface Rescorer {
  /** Why this build cannot judge the artifacts (in words), or null when it can. */
  incompatibility(artifacts: unknown): string | null;
  score(domain: string, artifacts: unknown, scannedAt: Date): AnyRecord;
  /**
   * A site-wide scan's page verdicts regenerated from the same artifacts, stored with the re-scored
   * record; absent or undefined: none.
   */
  pageVerdicts?(domain: string, artifacts: unknown, scannedAt: Date): PageVerdict[] | undefined;
  /** What the listed score counts, for progress lines ("score 72 → 75"). */
  scoreName: string;
}

const visibilityRescorer: Rescorer = {
  incompatibility(artifacts) {
    if (!isObject(artifacts)) return "the stored artifacts are not an object";
    if ("page" in artifacts && !("version" in artifacts)) return "these are schema-service artifacts: is SERVICE set right for this database?";
    if (artifacts.version !== ARTIFACTS_VERSION) {
      const found = "version" in artifacts ? `artifacts version ${JSON.stringify(artifacts.version)}` : "artifacts without a version";
      return `${found}; this build reads version ${ARTIFACTS_VERSION}`;
    }
    if (!isObject(artifacts.homepage) || !isObject(artifacts.robotsTxt)) return "the stored artifacts lack the homepage or robots.txt";
    return null;
  },
  score: (domain, artifacts, scannedAt) => scoreVisibilityArtifacts(domain, artifacts as Artifacts, scannedAt),
  pageVerdicts: (_domain, artifacts) => pageVerdicts(artifacts as Artifacts),
  scoreName: "score",
};

/** Schema artifacts carry no version: the page artifact's shape is what this build reads. */
const schemaRescorer: Rescorer = {
  incompatibility(artifacts) {
    if (!isObject(artifacts)) return "the stored artifacts are not an object";
    if ("homepage" in artifacts && "version" in artifacts) return "these are visibility-service artifacts: is SERVICE set right for this database?";
    const page = artifacts.page;
    if (!isObject(page) || typeof page.ok !== "boolean") return "the stored artifacts hold no page this build can read";
    if (page.ok && (typeof page.html !== "string" || typeof page.finalUrl !== "string" || typeof page.status !== "number")) {
      return "the stored page lacks its HTML, final URL or status";
    }
    return null;
  },
  score: (domain, artifacts, scannedAt) => scoreSchemaArtifacts(domain, artifacts as SchemaArtifacts, scannedAt),
  scoreName: "eligible rich results",
};

export function rescorerFor(service: ServiceName): Rescorer {
  return service === "visibility" ? visibilityRescorer : schemaRescorer;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
