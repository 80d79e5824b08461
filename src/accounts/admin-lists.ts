import { countFilteredScans, filteredScans, type ScanFilter, type ScanSummary } from "../store/scans-repo.ts";
import type { Caller } from "../types/caller.ts";
import { countFilteredUsers, filteredUsers, type UserSummaryRow } from "../store/users-repo.ts";
import { listAllApiKeys, type ApiKeySummaryWithOwner } from "../auth/api-key-service.ts";
import type { AccountDeps } from "./account-deps.ts";
import { normalizeEmail } from "./email-address.ts";
import { offsetOf, pageNumberOf, pagingOf, type Paging } from "./paging.ts";
import { holdsUnsafeCharacters, unsafeCharactersMessage } from "../lib/unsafe-characters.ts";

/**
 * The admin's searchable lists: every scan (by domain, status, caller and date) and every account (by
 * email), a page at a time. Queries come from a form anyone signed in as admin can edit by hand, so a
 * value that does not parse is dropped and named, never passed on. A search holding control characters
 * or direction marks is refused (`refused`, which the page answers with 400): no domain or address holds one.
 */

export const ADMIN_PAGE_SIZE = 50;
export const CALLER_KINDS: readonly Caller["kind"][] = ["key", "challenge", "pipeline", "mcp", "cli", "schedule"];
const MAX_SEARCH_LENGTH = 253;
const DAY_MS = 86_400_000;

/** A parsed query string; a repeated parameter may arrive as an array, of which the first value counts. */
type Query = Record<string, unknown>;

function text(query: Query, name: string): string | undefined {
  const value = query[name];
  const first = Array.isArray(value) ? value[0] : value;
  return typeof first === "string" ? first : undefined;
}

/** The scan filters as typed, kept to fill the form again. */
export interface ScanListQuery {
  domain: string;
  status: "" | "ok" | "failed";
  caller: "" | Caller["kind"];
  from: string;
  to: string;
  page: number;
}

export interface ScanList {
  query: ScanListQuery;
  scans: ScanSummary[];
  paging: Paging;
  /** Values that were ignored, e.g. "The date “2025-13-01” is not a date (YYYY-MM-DD)." */
  problems: string[];
  /** Why the search was refused (nothing was looked up), or null. */
  refused: string | null;
}

export function readScanListQuery(raw: Query): { query: ScanListQuery; filter: ScanFilter; problems: string[]; refused: string | null } {
  const problems: string[] = [];
  const asked = { status: text(raw, "status"), caller: text(raw, "caller"), from: text(raw, "from"), to: text(raw, "to") };
  const typedDomain = (text(raw, "domain") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  const refused = holdsUnsafeCharacters(typedDomain) ? unsafeCharactersMessage("A search") : null;
  const domain = refused === null ? typedDomain : "";
  const status = asked.status === "ok" || asked.status === "failed" ? asked.status : "";
  if (asked.status && !status) problems.push("The status filter was not one of the offered values, so it was ignored.");
  const caller = CALLER_KINDS.find((kind) => kind === asked.caller) ?? "";
  if (asked.caller && !caller) problems.push("The caller filter was not one of the offered values, so it was ignored.");
  const from = dayStart(asked.from, problems, "from");
  const to = dayStart(asked.to, problems, "to");
  const filter: ScanFilter = {
    ...(domain ? { domainContains: domain } : {}),
    ...(status ? { status } : {}),
    ...(caller ? { callerKind: caller } : {}),
    ...(from !== null ? { from } : {}),
    // "to" names a whole day: scans of that day are included.
    ...(to !== null ? { until: to + DAY_MS } : {}),
  };
  return {
    query: { domain, status, caller, from: from === null ? "" : asked.from!.trim(), to: to === null ? "" : asked.to!.trim(), page: pageNumberOf(text(raw, "page")) },
    filter,
    problems,
    refused,
  };
}

export async function scanList(deps: AccountDeps, query: Query, pageSize = ADMIN_PAGE_SIZE): Promise<ScanList> {
  const read = readScanListQuery(query);
  if (read.refused !== null) return { query: { ...read.query, page: 1 }, scans: [], paging: pagingOf(1, pageSize, 0), problems: [read.refused, ...read.problems], refused: read.refused };
  const paging = pagingOf(read.query.page, pageSize, await countFilteredScans(deps.db, read.filter));
  return { query: { ...read.query, page: paging.page }, scans: await filteredScans(deps.db, read.filter, pageSize, offsetOf(paging)), paging, problems: read.problems, refused: null };
}

export interface UserList {
  email: string;
  users: (UserSummaryRow & { keys: ApiKeySummaryWithOwner[] })[];
  paging: Paging;
  /** Why the search was refused (nothing was looked up), or null. */
  refused: string | null;
}

export async function userList(deps: AccountDeps, query: Query, pageSize = ADMIN_PAGE_SIZE): Promise<UserList> {
  const typed = (text(query, "email") ?? "").trim().slice(0, MAX_SEARCH_LENGTH);
  if (holdsUnsafeCharacters(typed)) return { email: "", users: [], paging: pagingOf(1, pageSize, 0), refused: unsafeCharactersMessage("A search") };
  // Searched as addresses are stored (email-address.ts): a fullwidth search finds the address it looks like.
  const email = normalizeEmail(typed);
  const paging = pagingOf(pageNumberOf(text(query, "page")), pageSize, await countFilteredUsers(deps.db, email || null));
  const users = await filteredUsers(deps.db, email || null, pageSize, offsetOf(paging));
  const shown = new Set(users.map((user) => user.id));
  const keysByUser = new Map<number, ApiKeySummaryWithOwner[]>();
  for (const key of await listAllApiKeys(deps.db)) {
    if (key.userId === null || !shown.has(key.userId)) continue;
    keysByUser.set(key.userId, [...(keysByUser.get(key.userId) ?? []), key]);
  }
  return { email, users: users.map((user) => ({ ...user, keys: keysByUser.get(user.id) ?? [] })), paging, refused: null };
}

/** Midnight UTC of a YYYY-MM-DD date, null when absent; a value that is not a real date is named in `problems`. */
function dayStart(value: string | undefined, problems: string[], which: "from" | "to"): number | null {
  const text = value?.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const time = Date.UTC(year, month - 1, day);
    const date = new Date(time);
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day) return time;
  }
  problems.push(`The “${which}” date was not a date of the form YYYY-MM-DD, so it was ignored.`);
  return null;
}
