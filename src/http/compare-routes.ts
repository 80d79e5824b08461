import { Elysia } from "elysia";
import type { Db } from "../store/database.ts";
import { COMPARE_DOMAINS, readComparison } from "../reports/compare-reports.ts";
import { htmlResponse } from "../web/html-response.ts";
import type { PageContext } from "../web/page-context.ts";
import { COMPARE_PATH, renderComparePage } from "../web/visibility/compare-page.ts";

/** Names longer than this are not a list of a few domains; the form says so instead of reading them. */
const MAX_QUERY_CHARS = 2048;

/**
 * GET /compare?domains=a.com,b.com (visibility service): two to four scanned domains side by side.
 * Without `domains` it shows the form; a list of the wrong length is a 400 page that says why.
 */
export function compareRoutes(deps: { db: Db; context: () => PageContext; headers: Record<string, string> }) {
  return new Elysia().get(
    COMPARE_PATH,
    async ({ request }) => {
      const values = new URL(request.url).searchParams.getAll("domains");
      const requested = values.join(",").slice(0, MAX_QUERY_CHARS);
      const names = requested.split(/[\s,]+/).filter((name) => name !== "");
      const page = (status: number, error: string | null, compared: Awaited<ReturnType<typeof readComparison>> = []) =>
        htmlResponse(renderComparePage(deps.context(), names.join(", "), compared, error), status, deps.headers);
      if (values.length === 0) return page(200, null);
      if (names.length < COMPARE_DOMAINS.min) return page(400, `Name at least ${COMPARE_DOMAINS.min} domains to compare, separated by commas.`);
      if (names.length > COMPARE_DOMAINS.max) return page(400, `At most ${COMPARE_DOMAINS.max} domains can be compared at once; ${names.length} were given.`);
      const compared = await readComparison(deps.db, names);
      return page(compared.some((entry) => entry.kind === "report") ? 200 : 404, null, compared);
    },
    { detail: { hide: true } as never },
  );
}
