import { describe, expect, test } from "bun:test";
import { createTestRuntime } from "../helpers/test-runtime.ts";

const PATH = "/.well-known/http-message-signatures-directory";

describe("the signed probes' key directory, in the whole service", () => {
  test("off by default: not found", async () => {
    const service = await createTestRuntime({}, { runWorker: false });
    try {
      expect((await service.request(PATH)).status).toBe(404);
    } finally {
      await service.close();
    }
  });

  test("SIGNED_PROBES=on: a signed JWKS of the key kept in the database, the same after a restart", async () => {
    const first = await createTestRuntime({ SIGNED_PROBES: "on" }, { runWorker: false });
    let body: string;
    try {
      const response = await first.request(PATH);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/http-message-signatures-directory+json");
      expect(response.headers.get("signature")).toMatch(/^sig1=:[A-Za-z0-9+/]+=*:$/);
      body = await response.text();
      const jwks = JSON.parse(body) as { keys: Record<string, string>[] };
      expect(jwks.keys).toHaveLength(1);
      expect(jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519" });
      expect(jwks.keys[0]!.d).toBeUndefined();
    } finally {
      await first.runtime.stop(1000);
    }
    // A second process on the same database publishes the same key.
    const { loadConfig } = await import("../../src/config.ts");
    const { createRuntime } = await import("../../src/runtime.ts");
    const { silentLog } = await import("../../src/log.ts");
    const again = await createRuntime(loadConfig({ DATABASE_PATH: first.databasePath, LOG_LEVEL: "silent", OFFSITE_CHECKS: "off", PUBLIC_URL: "http://localhost", SIGNED_PROBES: "on" }), { log: silentLog, runWorker: false });
    try {
      const response = await again.app.handle(new Request(`http://localhost${PATH}`));
      expect(await response.text()).toBe(body);
    } finally {
      await again.stop(1000);
      await first.close().catch(() => {});
    }
  });
});
