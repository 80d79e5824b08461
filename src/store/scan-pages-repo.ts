import type { Db } from "./database.ts";

/**
 * The verdict on each page a site-wide scan sampled, kept beside its scan row (table scan_pages) and
 * tied to it: a domain's history never mixes the pages of two scans. Written in the transaction that
 * writes the scan row (insertScan), read a page of rows at a time for /api/report/:domain/pages.json.
 */

/** One verdict as stored: its JSON, and the facts the filters match on, in columns. */
export interface StoredPageVerdict {
  template: string;
  verdict: string;
  status: number | null;
  /** The ids of the AI platforms that cannot find or read the page. */
  unreached: readonly string[];
  /** The verdict's JSON, exactly as served. */
  json: string;
}

/** What to list: every filter is optional; `status` is a verdict word or an HTTP status. */
export interface PageVerdictQuery {
  template?: string;
  status?: { verdict: string } | { http: number };
  /** Pages this AI platform cannot find or read. */
  platform?: string;
  offset: number;
  limit: number;
}

/** Writes a scan's verdicts in order. Called from insertScan, inside its transaction. */
export async function insertPageVerdicts(db: Db, scanId: number, pages: readonly StoredPageVerdict[]): Promise<void> {
  for (const [position, page] of pages.entries()) {
    await db.run(
      "INSERT INTO scan_pages (scan_id, position, template, verdict, status, unreached, page) VALUES (?, ?, ?, ?, ?, ?, ?)",
      [scanId, position, page.template, page.verdict, page.status, unreachedColumn(page.unreached), page.json],
    );
  }
}

/** The matching verdicts of one scan in their sampled order (the homepage first), a page at a time, with how many match in all. */
export async function pageVerdictsOf(db: Db, scanId: number, query: PageVerdictQuery): Promise<{ total: number; pages: string[] }> {
  const conditions = ["scan_id = ?"];
  const params: (string | number)[] = [scanId];
  if (query.template !== undefined) {
    conditions.push("template = ?");
    params.push(query.template);
  }
  if (query.status !== undefined) {
    if ("verdict" in query.status) {
      conditions.push("verdict = ?");
      params.push(query.status.verdict);
    } else {
      conditions.push("status = ?");
      params.push(query.status.http);
    }
  }
  if (query.platform !== undefined) {
    // Platform ids are checked against the known platforms before they get here, so they hold no wildcard.
    conditions.push("unreached LIKE ?");
    params.push(`%,${query.platform},%`);
  }
  const where = conditions.join(" AND ");
  const total = (await db.get<{ count: number }>(`SELECT COUNT(*) AS count FROM scan_pages WHERE ${where}`, params))?.count ?? 0;
  const rows = await db.all<{ page: string }>(`SELECT page FROM scan_pages WHERE ${where} ORDER BY position LIMIT ? OFFSET ?`, [
    ...params,
    query.limit,
    query.offset,
  ]);
  return { total, pages: rows.map((row) => row.page) };
}

/** Whether the scan stored any verdicts, and the templates they fall in (for the report's filter menu). */
export async function pageTemplatesOf(db: Db, scanId: number): Promise<{ template: string; pages: number }[]> {
  return db.all<{ template: string; pages: number }>(
    "SELECT template, COUNT(*) AS pages FROM scan_pages WHERE scan_id = ? GROUP BY template ORDER BY COUNT(*) DESC, template",
    [scanId],
  );
}

function unreachedColumn(platforms: readonly string[]): string {
  return platforms.length === 0 ? "" : `,${platforms.join(",")},`;
}
