import type { ServiceName } from "../analyzers/analyzer.ts";
import { Elysia } from "elysia";
import { htmlResponse } from "../web/html-response.ts";
import type { PageContext } from "../web/page-context.ts";
import { CHECKS_PATH } from "../web/visibility/check-anchor.ts";
import { renderCheckIndex, renderCheckPage } from "../web/visibility/check-page.ts";

/**
 * The visibility service's "learn more" pages: `/checks` lists every check, `/checks/:id` explains one
 * (an unknown id answers 404 with the list). The schema service has no such catalogue and serves none.
 */
export function checkPageRoutes(service: ServiceName, context: () => PageContext) {
  if (service !== "visibility") return new Elysia();
  const detail = { hide: true } as never;
  return new Elysia()
    .get(CHECKS_PATH, () => htmlResponse(renderCheckIndex(context()), 200), { detail })
    .get(
      `${CHECKS_PATH}/:id`,
      ({ params }) => {
        const page = renderCheckPage(context(), params.id);
        return page === null ? htmlResponse(renderCheckIndex(context()), 404) : htmlResponse(page, 200);
      },
      { detail },
    );
}
