import { listAllApiKeys, revokeApiKey, type ApiKeySummaryWithOwner } from "../auth/api-key-service.ts";
import { recentRateRefusals, type BucketUse, type RateRefusal } from "../store/rate-limits-repo.ts";
import { clearLimitBucket, listLimitBuckets } from "../limits/limit-buckets.ts";
import { countFilteredScans, recentScans, type ScanSummary } from "../store/scans-repo.ts";
import { countUsers, listUsers, type UserSummaryRow } from "../store/users-repo.ts";
import { listJobs, queueCounts, type JobRow } from "../scans/queue.ts";
import type { AccountDeps } from "./account-deps.ts";

/** Everything the admin page shows, gathered in one place so the route and the page stay dumb. */

export interface AdminOverview {
  scans: ScanSummary[];
  /** All stored scans, for the link to the searchable list. */
  scanCount: number;
  queue: { counts: { queued: number; running: number; failed: number }; queued: JobRow[]; running: JobRow[]; failed: JobRow[] };
  users: (UserSummaryRow & { keys: ApiKeySummaryWithOwner[] })[];
  userCount: number;
  operatorKeys: ApiKeySummaryWithOwner[];
  refusals: RateRefusal[];
  /** Rate-limit buckets holding requests in their window, each of which the operator may clear. */
  buckets: BucketUse[];
}

// The overview shows the newest few; /admin/scans and /admin/users search and page through all.
const RECENT_SCANS = 10;
const JOBS_PER_STATE = 20;
const USERS = 20;
const REFUSALS = 200;
const REFUSAL_WINDOW_MS = 86_400_000;

export async function adminOverview(deps: AccountDeps): Promise<AdminOverview> {
  const now = deps.now();
  const keys = await listAllApiKeys(deps.db);
  const keysByUser = new Map<number, ApiKeySummaryWithOwner[]>();
  for (const key of keys) {
    if (key.userId === null) continue;
    const list = keysByUser.get(key.userId) ?? [];
    list.push(key);
    keysByUser.set(key.userId, list);
  }
  return {
    scans: await recentScans(deps.db, RECENT_SCANS),
    scanCount: await countFilteredScans(deps.db, {}),
    queue: {
      counts: await queueCounts(deps.db),
      queued: await listJobs(deps.db, "queued", JOBS_PER_STATE),
      running: await listJobs(deps.db, "running", JOBS_PER_STATE),
      failed: await listJobs(deps.db, "failed", JOBS_PER_STATE),
    },
    users: (await listUsers(deps.db, USERS)).map((user) => ({ ...user, keys: keysByUser.get(user.id) ?? [] })),
    userCount: await countUsers(deps.db),
    operatorKeys: keys.filter((key) => key.userId === null),
    refusals: (await recentRateRefusals(deps.db, REFUSALS)).filter((refusal) => refusal.at > now - REFUSAL_WINDOW_MS),
    buckets: await listLimitBuckets(deps.db, now),
  };
}

export async function findAnyKey(deps: AccountDeps, keyId: number): Promise<ApiKeySummaryWithOwner | null> {
  return (await listAllApiKeys(deps.db)).find((key) => key.id === keyId) ?? null;
}

/** The admin may revoke any key, a user's or the operator's. */
export async function revokeAnyKey(deps: AccountDeps, keyId: number): Promise<boolean> {
  const revoked = await revokeApiKey(deps.db, keyId, deps.now());
  if (revoked) deps.log("info", "api key revoked by admin", { keyId });
  return revoked;
}

/** Clears a rate-limit bucket from the admin page, logged as `sightline limits clear` is. */
export async function clearBucketAsAdmin(deps: AccountDeps, bucket: string): Promise<number> {
  const forgotten = await clearLimitBucket(deps.db, bucket);
  deps.log("info", "rate-limit bucket cleared", { bucket, forgotten, by: "admin" });
  return forgotten;
}
