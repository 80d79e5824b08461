/**
 * /swagger/json is generated on first request by @elysiajs/openapi's own generator, without its plugin:
 * the document must be the one the plugin, configured as sightline configured it, would serve.
 */
import { describe, expect, test } from "bun:test";
import { Elysia, t } from "elysia";
import { openapi } from "@elysiajs/openapi";
import { docsRoutes } from "../../src/http/docs-routes.ts";

const info = { title: "sightline test", version: "9.9.9", description: "A test of the docs route.", publicUrl: "https://scan.example.org" };
const UI_PATHS = ["/swagger", "/swagger/assets/swagger-ui-bundle.js", "/swagger/assets/swagger-ui.css", "/swagger/assets/init.js"];

/** The plugin as the docs route used it before it loaded on demand. */
function pluginDocs() {
  return openapi({
    path: "/swagger",
    specPath: "/swagger/json",
    provider: null,
    exclude: { paths: UI_PATHS, staticFile: false },
    documentation: {
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
    },
  });
}

/** An app that uses `docs` first, then declares its routes, as src/app.ts does. */
function withRoutes(docs: ReturnType<typeof docsRoutes> | ReturnType<typeof pluginDocs>) {
  return new Elysia()
    .use(docs as ReturnType<typeof docsRoutes>)
    .get("/api/report/:file", ({ params }) => ({ domain: params.file }), {
      params: t.Object({ file: t.String() }),
      response: { 200: t.Object({ domain: t.String() }, { description: "The record." }) },
      detail: { tags: ["Reports"], summary: "The latest record" },
    })
    .post("/api/scan", ({ body }) => body, { body: t.Object({ url: t.String(), forceRescan: t.Optional(t.Boolean()) }), detail: { tags: ["Scans"], security: [{ bearer: [] }] } })
    .get("/api/report/:file/history.json", ({ params }) => ({ domain: params.file }), { detail: { tags: ["Reports"], summary: "The history" } })
    .get("/llms.txt", () => "hidden static file", { detail: { hide: true } })
    .get("/hidden", () => "no", { detail: { hide: true } });
}

const documentOf = async (app: { handle(request: Request): Promise<Response> }) => (await app.handle(new Request("http://localhost/swagger/json"))).json();

describe("docsRoutes", () => {
  test("serves the document the openapi plugin would, routes added after it included", async () => {
    const ours = await documentOf(withRoutes(docsRoutes(info)));
    const plugin = await documentOf(withRoutes(pluginDocs()));
    expect(ours).toEqual(plugin);
    // A path with a dot is documented (the generator's default drops it as a static file); hidden routes are not.
    expect(Object.keys(ours.paths).sort()).toEqual(["/api/report/{file}", "/api/report/{file}/history.json", "/api/scan"]);
    expect(ours.info).toEqual({ title: info.title, version: info.version, description: info.description });
    expect(ours.openapi).toBe("3.1.2");
  });

  test("serves the UI page and its assets from the binary", async () => {
    const app = new Elysia().use(docsRoutes(info));
    const page = await app.handle(new Request("http://localhost/swagger"));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>sightline test API</title>");
    const script = await app.handle(new Request("http://localhost/swagger/assets/swagger-ui-bundle.js"));
    expect(script.status).toBe(200);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
