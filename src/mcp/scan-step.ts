import { describeRunningScan, runningScan } from "../reports/running-scan.ts";
import type { Db } from "../store/database.ts";

/**
 * Where the domain's active scan is, in words for an MCP client ("Probing the homepage as AI crawlers
 * (3 of 9 steps done)"), or null when no scan of it is queued or running.
 */
export async function describeScanStep(db: Db, domain: string): Promise<string | null> {
  return describeRunningScan(await runningScan(db, { domain }));
}
