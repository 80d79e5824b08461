import type { ServiceName } from "../analyzers/analyzer.ts";
import { Elysia } from "elysia";
import { llmsTxt, robotsTxt, sitemapXml } from "../web/site-files.ts";
import { serviceWebFor } from "../web/service-web.ts";

/** Our own /robots.txt, /llms.txt and /sitemap.xml, with absolute links from PUBLIC_URL. */
export function siteRoutes(deps: { publicUrl: string; service: ServiceName }) {
  const web = serviceWebFor(deps.service);
  const text = (body: string, type: string) => () => new Response(body, { headers: { "content-type": type, "cache-control": "public, max-age=3600" } });
  const detail = { hide: true } as never;
  return new Elysia()
    .get("/robots.txt", text(robotsTxt(deps.publicUrl), "text/plain; charset=utf-8"), { detail })
    .get("/llms.txt", text(llmsTxt(deps.publicUrl, "sightline", web, deps.service), "text/plain; charset=utf-8"), { detail })
    .get("/sitemap.xml", text(sitemapXml(deps.publicUrl), "application/xml; charset=utf-8"), { detail });
}
