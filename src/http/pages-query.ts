import { Type as T } from "@sinclair/typebox";
import { PAGE_VERDICT_PAGING, PLATFORM_IDS, VERDICT_WORDS } from "../reports/page-verdicts.ts";
export { parsePagesQuery, type PagesQueryValue } from "../reports/page-verdict-query.ts";

/** The query of GET /api/report/:domain/pages.json, validated here and documented from the same schema. */
export const PagesQuery = T.Object(
  {
    template: T.Optional(T.String({ maxLength: 300, description: 'Only the pages of this template, exactly as the verdicts name it: `/blog/<slug>`; `/` is the homepage.' })),
    status: T.Optional(
      T.String({ description: `Only pages with this verdict (${VERDICT_WORDS.map((word) => `\`${word}\``).join(", ")}) or this HTTP status of the final response (\`404\`).` }),
    ),
    platform: T.Optional(T.String({ description: `Only the pages this AI platform cannot find or read: ${PLATFORM_IDS.map((id) => `\`${id}\``).join(", ")}.` })),
    limit: T.Optional(T.Integer({ minimum: 1, maximum: PAGE_VERDICT_PAGING.maxLimit, default: PAGE_VERDICT_PAGING.defaultLimit, description: "Verdicts per page, in the order sampled." })),
    offset: T.Optional(T.Integer({ minimum: 0, maximum: PAGE_VERDICT_PAGING.maxOffset, default: 0, description: "Verdicts to skip: the `next` link of the previous page sets it." })),
  },
  { additionalProperties: false },
);

/** The query as the route declares it: the same members and descriptions, each an optional string, so that nothing is refused before parsePagesQuery. */
export const PagesQueryDocument = T.Object(
  Object.fromEntries(Object.entries(PagesQuery.properties).map(([name, schema]) => [name, T.Optional(T.String({ description: `${schema.description}${"maximum" in schema ? ` From ${schema.minimum} to ${schema.maximum}, default ${schema.default}.` : ""}` }))])),
);
