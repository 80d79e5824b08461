import { Elysia } from "elysia";
// Embedded in the compiled binary: the docs page loads nothing from another origin.
import swaggerBundlePath from "swagger-ui-dist/swagger-ui-bundle.js" with { type: "file" };
import swaggerCssPath from "swagger-ui-dist/swagger-ui.css" with { type: "file" };

/** The document's OpenAPI version: @elysiajs/openapi's default. */
const OPENAPI_VERSION = "3.1.2";
/**
 * Left out of the document. The generator's default also leaves out every path with a dot, as static
 * files; that would drop /api/report/{domain}/history.json, so it is turned off and our own static files
 * (robots.txt, llms.txt, assets) are hidden by their routes instead.
 */
const UI_PATHS = ["/swagger", "/swagger/assets/swagger-ui-bundle.js", "/swagger/assets/swagger-ui.css", "/swagger/assets/init.js"];

/**
 * /swagger (the interactive UI, served from the binary) and /swagger/json (the OpenAPI document,
 * generated from the routes' TypeBox schemas so that it cannot drift from the code).
 *
 * The document is built as @elysiajs/openapi's plugin builds it (its own generator, over the same route
 * table, with the same defaults), but only its generator is imported, on the first request for the document:
 * the plugin itself (Swagger and Scalar pages, schema adapters) is never loaded, and the idle server holds
 * neither.
 */
export function docsRoutes(info: { title: string; version: string; description: string; publicUrl: string }) {
  const bundle = Bun.file(swaggerBundlePath);
  const css = Bun.file(swaggerCssPath);
  const page = swaggerPage(info.title);
  const assetHeaders = { "cache-control": "public, max-age=86400" };
  const documentation = {
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.publicUrl }],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          description: "An API key (`<KEY_PREFIX>_` followed by 36 letters and digits, created with `sightline keys create`) or one of the operator's pipeline tokens.",
        },
      },
    },
  };

  // As in the plugin, this instance's route table is the whole app's once the app has used it.
  const routes = new Elysia({ name: "sightline-docs" });
  let document: { routes: number; body: unknown } | undefined;
  return routes
    .get(
      "/swagger/json",
      async () => {
        if (document?.routes !== routes.routes.length) {
          const { toOpenAPISchema } = await import("@elysiajs/openapi/openapi");
          const generated = toOpenAPISchema(routes as never, { paths: UI_PATHS, staticFile: false }, undefined, undefined, OPENAPI_VERSION);
          document = { routes: routes.routes.length, body: fullDocument(documentation, generated) };
        }
        return document.body;
      },
      { detail: { hide: true } },
    )
    .get("/swagger", () => new Response(page, { headers: { "content-type": "text/html; charset=utf-8" } }))
    .get("/swagger/assets/swagger-ui-bundle.js", () => new Response(bundle, { headers: { "content-type": "text/javascript; charset=utf-8", ...assetHeaders } }))
    .get("/swagger/assets/swagger-ui.css", () => new Response(css, { headers: { "content-type": "text/css; charset=utf-8", ...assetHeaders } }))
    .get("/swagger/assets/init.js", () => new Response(INIT_SCRIPT, { headers: { "content-type": "text/javascript; charset=utf-8", ...assetHeaders } }));
}

/** The generated paths and schemas inside our documentation, merged the way the plugin merges them. */
function fullDocument(
  documentation: { info: Record<string, string>; servers: unknown[]; components: Record<string, unknown> },
  generated: { paths: Record<string, unknown>; components: { schemas: Record<string, unknown> } },
) {
  return {
    ...documentation,
    openapi: OPENAPI_VERSION,
    tags: undefined,
    info: { title: "Elysia Documentation", description: "Development documentation", version: "0.0.0", ...documentation.info },
    paths: withPlainDomainReportPath(generated.paths),
    components: { ...documentation.components, schemas: { ...generated.components.schemas } },
  };
}

type PathParameter = { name?: string; in?: string; description?: string; schema?: Record<string, unknown>; example?: unknown; examples?: unknown };

/**
 * The router takes the report's ".json" inside its parameter (report-routes.ts REPORT_PATH), so the generated
 * path is /api/report/{domain} and "Try it out" with a plain domain got a 404 (issue 28). The document writes
 * the suffix into the path instead, /api/report/{domain}.json, and describes `domain` as the plain domain.
 */
function withPlainDomainReportPath(paths: Record<string, unknown>): Record<string, unknown> {
  const generated = "/api/report/{domain}";
  const item = paths[generated] as { get?: { parameters?: PathParameter[] } } | undefined;
  if (!item) return { ...paths };
  const parameters = (item.get?.parameters ?? []).map((parameter) => {
    if (parameter.in !== "path" || parameter.name !== "domain") return parameter;
    const description = "The domain, e.g. `example.com` (the path ends in `.json`).";
    const { example: _example, examples: _examples, ...rest } = parameter;
    return { ...rest, description, schema: { ...(parameter.schema ?? {}), description, examples: ["example.com"] }, example: "example.com" };
  });
  const entries = Object.entries(paths).map(([path, value]): [string, unknown] =>
    path === generated ? [`${generated}.json`, { ...item, get: { ...item.get, parameters } }] : [path, value],
  );
  return Object.fromEntries(entries);
}

// An external script rather than an inline one, so the page works under a same-origin-only CSP.
const INIT_SCRIPT = `window.addEventListener("load", function () {
  window.ui = SwaggerUIBundle({ url: "/swagger/json", dom_id: "#swagger-ui", deepLinking: true });
});
`;

function swaggerPage(title: string): string {
  const safeTitle = title.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${safeTitle} API</title>
<link rel="stylesheet" href="/swagger/assets/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="/swagger/assets/swagger-ui-bundle.js"></script>
<script src="/swagger/assets/init.js"></script>
</body>
</html>
`;
}
