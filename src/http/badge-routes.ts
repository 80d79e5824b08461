import type { ServiceName } from "../analyzers/analyzer.ts";
import { Elysia } from "elysia";
import type { Db } from "../store/database.ts";
import { badgeResponder } from "../web/badge-responder.ts";
import { serviceWebFor } from "../web/service-web.ts";

/** GET /badge/:domain.svg: the grade and score as an SVG image; a neutral "not scanned" badge otherwise. */
export function badgeRoutes(deps: { db: Db; service: ServiceName }) {
  const web = serviceWebFor(deps.service);
  if (!web) return new Elysia();
  const respond = badgeResponder(deps.db, web);
  return new Elysia().get("/badge/:file", ({ params, request }) => respond(params.file, request.headers.get("if-none-match")), {
    detail: {
      tags: ["Pages"],
      summary: "An SVG badge with the latest grade and score",
      description:
        "For READMEs and site footers: `/badge/example.com.svg`. A domain never scanned (or a name that is not a domain) gets a neutral " +
        "\"not scanned\" badge with status 200, so an embedded image never breaks. Revalidate with `If-None-Match`. Any other extension " +
        "(`.png`) is a 404 whose `hint` names the SVG address.",
      responses: {
        200: { description: "The badge.", content: { "image/svg+xml": { schema: { type: "string" } } } },
        304: { description: "Unchanged." },
        404: { description: "Not an `.svg` address." },
      },
    } as never,
  });
}
