import { Elysia } from "elysia";
import type { ProbeArtifact } from "../analyzers/visibility/gather/artifacts.ts";
import { latestRecord } from "../reports/latest-record.ts";
import { reportSubjectOf } from "../reports/report-subject.ts";
import { decodeArtifacts } from "../scans/stored-artifacts.ts";
import type { Db } from "../store/database.ts";
import { storedArtifacts } from "../store/scans-repo.ts";
import { htmlResponse } from "../web/html-response.ts";
import type { PageContext } from "../web/page-context.ts";
import { renderNotScannedPage } from "../web/status-pages.ts";
import type { ServiceWeb } from "../web/service-web.ts";
import { renderAgentViewPage } from "../web/visibility/agent-view-page.ts";

/** GET /report/:domain/agents (visibility service): the latest scan's probes, one card per agent. */
export function agentViewRoutes(deps: { db: Db; context: () => PageContext; headers: Record<string, string>; web: ServiceWeb }) {
  return new Elysia().get(
    "/report/:domain/agents",
    async ({ params }) => {
      const subject = reportSubjectOf(decodeURIComponent(params.domain));
      const scan = subject.ok ? await latestRecord(deps.db, subject.subject) : null;
      if (!subject.ok || !scan) return htmlResponse(renderNotScannedPage(deps.context(), deps.web, subject.ok ? subject.subject.domain : params.domain), 404, deps.headers);
      const stored = await storedArtifacts(deps.db, scan.id);
      const probes = probesOf(stored?.artifactsJson ?? null);
      const scannedAt = new Date(scan.scannedAt).toISOString();
      return htmlResponse(renderAgentViewPage(deps.context(), scan.domain, scannedAt, probes), 200, deps.headers);
    },
    { detail: { hide: true } as never },
  );
}

/** The probes of stored artifacts, or null when none were kept; anything malformed counts as none. */
function probesOf(artifactsJson: string | null): ProbeArtifact[] | null {
  if (artifactsJson === null) return null;
  try {
    const artifacts = decodeArtifacts(artifactsJson) as { probes?: unknown };
    return Array.isArray(artifacts.probes) ? (artifacts.probes as ProbeArtifact[]) : null;
  } catch {
    return null;
  }
}
