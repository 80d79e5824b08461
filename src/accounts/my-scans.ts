import { countScansOfUser, scansOfUser, type ScanSummary } from "../store/scans-repo.ts";
import type { AccountDeps } from "./account-deps.ts";
import { offsetOf, pagingOf, type Paging } from "./paging.ts";

/**
 * "My scans": the scans a user asked for with their API keys (revoked keys included), newest first.
 * Scans started from the web form are not tied to an account (the form needs no sign-in), so they are
 * not listed; nor are cached answers, which started no scan.
 */

export const MY_SCANS_PAGE_SIZE = 25;

export interface MyScans {
  scans: ScanSummary[];
  paging: Paging;
}

export async function myScans(deps: AccountDeps, userId: number, page: number, pageSize = MY_SCANS_PAGE_SIZE): Promise<MyScans> {
  const paging = pagingOf(page, pageSize, await countScansOfUser(deps.db, userId));
  return { scans: await scansOfUser(deps.db, userId, pageSize, offsetOf(paging)), paging };
}
