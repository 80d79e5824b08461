import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { healthRoutes } from "../../src/http/health-routes.ts";
import { healthzFastRoute } from "../../src/http/health-status.ts";
import { freePort } from "../../scripts/bench/bench-helpers.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

const ROOT = join(import.meta.dir, "../..");

function serve(env: Record<string, string>) {
  return Bun.spawn(["bun", "src/main.ts", "serve"], {
    cwd: ROOT,
    env: childEnv({ HOST: "127.0.0.1", LOG_LEVEL: "silent", ...env }),
    stdout: "ignore",
    stderr: "pipe",
  });
}

describe("serve listens before its runtime is built", () => {
  test("/healthz on Bun's router sends what the app's /healthz sends", async () => {
    const info = { service: "visibility", version: "9.9.9" };
    const fromApp = await healthRoutes(info).handle(new Request("http://localhost/healthz"));
    const fromRouter = healthzFastRoute(info)["/healthz"]();
    expect(fromRouter.status).toBe(fromApp.status);
    expect(fromRouter.headers.get("content-type")).toBe(fromApp.headers.get("content-type"));
    expect(await fromRouter.text()).toBe(await fromApp.text());
  });

  test("requests that come while the app is being built wait for it and are answered by it", async () => {
    const port = await freePort();
    const child = serve({ PORT: String(port), DATABASE_PATH: join(mkdtempSync(join(tmpdir(), "serve-early-")), "s.sqlite") });
    try {
      const statuses: number[] = [];
      const deadline = Date.now() + 30_000;
      // The first request that connects lands as early as the socket is open, usually while the runtime is built.
      while (statuses.length < 3 && Date.now() < deadline) {
        try {
          const response = await fetch(`http://127.0.0.1:${port}/swagger/json`);
          const body = (await response.json()) as { info?: { title?: string } };
          statuses.push(response.status);
          expect(body.info?.title).toContain("sightline");
        } catch (error) {
          if (!String(error).includes("Unable to connect")) throw error;
          await Bun.sleep(5);
        }
      }
      expect(statuses).toEqual([200, 200, 200]);
    } finally {
      child.kill("SIGTERM");
      await child.exited;
    }
  }, 40_000);

  test("a database that cannot be opened ends serve with exit 1 and the reason", async () => {
    const port = await freePort();
    const closed = await freePort();
    const child = serve({ PORT: String(port), DATABASE_URL: `postgres://user:secret@127.0.0.1:${closed}/none` });
    const code = await child.exited;
    const stderr = await new Response(child.stderr).text();
    expect(code).toBe(1);
    expect(stderr).toContain("Could not open the PostgreSQL database");
    expect(stderr).not.toContain("secret");
    // The socket opened for /healthz is closed again.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
  }, 40_000);
});
