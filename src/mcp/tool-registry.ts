import type { ServiceName } from "../analyzers/analyzer.ts";
import type { Db } from "../store/database.ts";
import type { StartScanDeps } from "../scans/start-scan.ts";
import type { McpTool } from "./mcp-tool.ts";
import type { ScanWaits } from "./scan-waits.ts";
import type { Authenticator } from "../auth/authenticate.ts";
import { schemaTools } from "./schema/schema-tools.ts";
import { visibilityTools } from "./visibility/visibility-tools.ts";

/** What every service's tools may use: the store, the shared scan flow, and where reports are served. */
export interface McpToolDeps {
  db: Db;
  scans: StartScanDeps;
  publicUrl: string;
  /** Tells an account's key from the rest, for tools that read an account's own data (answer results). */
  authenticator?: Authenticator;
  /** How long a scanning tool waits for the new record, and how often it looks. */
  scanWait: { waitMs: number; pollMs: number };
  /** The waits for records under way, bounded per client address (scan-waits.ts); one per endpoint. */
  waits: ScanWaits;
}

/** A service's offer to agents: instructions sent at initialization, and its tools. */
export interface McpServiceTools {
  instructions: string;
  tools: McpTool[];
}

/**
 * Each service contributes its own tools here, the way analyzers/registry.ts picks the analyzer.
 * The schema service offers `analyze_page` and `get_schema_report`.
 */
const SERVICE_TOOLS: Record<ServiceName, (deps: McpToolDeps) => McpServiceTools> = {
  visibility: visibilityTools,
  schema: schemaTools,
};

export function mcpToolsFor(service: ServiceName, deps: McpToolDeps): McpServiceTools {
  return SERVICE_TOOLS[service](deps);
}
