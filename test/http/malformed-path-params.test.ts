/**
 * Path parameters that do not percent-decode (issue 30, finding 11): `/badge/%ED%A0%80.svg`, `%FF` and
 * the like answered 500 and logged an error. Every route with a path parameter now answers as it does for
 * a name it does not know (the neutral badge, its 404), and nothing is logged as an error.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createLogger } from "../../src/log.ts";
import { createRequestHandler } from "../../src/server.ts";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { challengeToken, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "../accounts/account-test-kit.ts";

const MALFORMED = ["%ED%A0%80", "%FF", "%C0%80", "%zz", "%E2%82", "%", "a%2", "%F0%9F%98"];

for (const service of ["visibility", "schema"] as const) {
  describe(`SERVICE=${service}`, () => {
    const lines: string[] = [];
    let runtime: TestRuntime;
    let handle: (request: Request, client: string) => Promise<Response>;
    beforeAll(async () => {
      const log = createLogger("info", (line) => lines.push(line));
      runtime = await createTestRuntime({ SERVICE: service }, { lookup: fakeDns(), runWorker: false, log });
      handle = createRequestHandler(runtime.runtime.app, log);
    });
    afterAll(() => runtime.close());
    const get = (path: string, accept = "*/*") => handle(new Request(`http://localhost${path}`, { headers: { accept } }), "192.0.2.1");

    test("a badge for a name that does not decode is the neutral badge, 200", async () => {
      const neutral = await (await get("/badge/never-scanned.test.svg")).text();
      for (const bad of MALFORMED) {
        const response = await get(`/badge/${bad}.svg`);
        expect({ bad, status: response.status, type: response.headers.get("content-type") }).toEqual({ bad, status: 200, type: "image/svg+xml; charset=utf-8" });
        expect(await response.text()).toBe(neutral);
      }
    });

    test("the report, its history and its page answer 404 as for any unknown name", async () => {
      for (const bad of MALFORMED) {
        for (const [path, accept, type] of [
          [`/api/report/${bad}.json`, "*/*", "application/json"],
          [`/api/report/${bad}/history.json`, "*/*", "application/json"],
          [`/report/${bad}`, "text/html", "text/html"],
          ...(service === "visibility" ? [[`/checks/${bad}`, "text/html", "text/html"]] : []),
        ] as [string, string, string][]) {
          const response = await get(path, accept);
          expect({ path, status: response.status }).toEqual({ path, status: 404 });
          expect(response.headers.get("content-type")).toStartWith(type);
        }
      }
    });

    test("nothing was logged as an error", () => {
      expect(lines.filter((line) => JSON.parse(line).level === "error")).toEqual([]);
      expect(lines.length).toBeGreaterThan(0);
    });
  });
}

describe("key numbers in revoke addresses", () => {
  let s: AccountsService;
  beforeAll(async () => {
    s = await startAccounts({ ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" });
  });
  afterAll(async () => {
    await s.close();
    await stopTurnstileFake();
  });

  test("a number that does not decode is the No such key page", async () => {
    const user = await s.signUp("ann@example.com");
    const admin = sessionCookieOf(await s.post("/admin/login", { email: "admin@example.com", password: "operator passphrase 42", challengeToken: challengeToken() }))!;
    for (const bad of MALFORMED) {
      for (const [path, cookie] of [[`/account/keys/${bad}/revoke`, user], [`/admin/keys/${bad}/revoke`, admin]] as const) {
        const response = await s.get(path, { cookie });
        expect({ path, status: response.status }).toEqual({ path, status: 404 });
        expect(await response.text()).toContain("No such key");
        const posted = await s.post(path, {}, { cookie });
        expect({ path, status: posted.status }).toEqual({ path, status: 404 });
      }
    }
  });
});
