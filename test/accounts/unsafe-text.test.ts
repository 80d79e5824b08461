/**
 * Text that is not what it shows (issue 30, finding 8), on SQLite and PostgreSQL: a NUL, another control
 * character or a direction mark in a sign-up or sign-in email, a key name or an admin search gets the
 * form back with a 4xx naming the problem (PostgreSQL answered 500 to a NUL); emails are NFKC-normalised,
 * so a fullwidth look-alike of an address is that address, for new accounts and those stored before.
 */
import { afterAll, afterEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GOOD_PASSWORD, challengeToken, createKeyByForm, sessionCookieOf, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";
import { hashPassword } from "../../src/auth/passwords.ts";
import { findUserByEmail, insertUser } from "../../src/store/users-repo.ts";
import { validateApiKeyName } from "../../src/auth/api-key-service.ts";
import { hasPostgres, postgresLabel, POSTGRES_HOOK_TIMEOUT_MS, testPostgres, type TestDatabase } from "../helpers/postgres.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };
const REFUSED = "cannot hold control characters (such as NUL or ESC) or invisible direction marks";
const UNSAFE = ["\0", "\u001b[2J", "\b", "\u007f", "\u0085", "\u202e", "\u2066", "\u200f", "\u061c"];

let service: AccountsService | undefined;
const databases: TestDatabase[] = [];
const directories: string[] = [];
afterEach(async () => {
  await service?.close();
  service = undefined;
});
afterAll(async () => {
  await stopTurnstileFake();
  for (const database of databases) await database.drop();
  for (const directory of directories) rmSync(directory, { recursive: true, force: true });
});

test("key names refuse direction marks as well as control characters (the command line's rule too)", () => {
  for (const character of UNSAFE) expect(() => validateApiKeyName(`deploy${character}key`)).toThrow(`A key name ${REFUSED}`);
  expect(validateApiKeyName("  café 😀 key  ")).toBe("café 😀 key");
});

const engines: { name: string; available: boolean; env: () => Promise<Record<string, string>> }[] = [
  {
    name: "sqlite",
    available: true,
    async env() {
      const directory = mkdtempSync(join(tmpdir(), "sightline-unsafe-text-"));
      directories.push(directory);
      return { DATABASE_PATH: join(directory, "accounts.sqlite") };
    },
  },
  {
    name: "postgres",
    available: hasPostgres(),
    async env() {
      const database = (await testPostgres())!;
      databases.push(database);
      return { DATABASE_URL: database.url };
    },
  },
];

for (const engine of engines) {
  describe.skipIf(!engine.available)(postgresLabel(`unsafe text and look-alike emails on ${engine.name}`, engine.available), () => {
    test("sign-up, sign-in and admin sign-in with a control character or direction mark in the email answer 400 with the form", async () => {
      const s = (service = await startAccounts({ ...ADMIN, ...(await engine.env()) }));
      for (const character of UNSAFE) {
        const email = `ann${character}@example.com`;
        for (const path of ["/account/signup", "/account/login", "/admin/login"]) {
          const response = await s.post(path, { email, password: GOOD_PASSWORD, challengeToken: challengeToken() });
          expect({ path, character, status: response.status }).toEqual({ path, character, status: 400 });
          const page = await response.text();
          expect(page).toContain(`Email ${REFUSED}`);
          expect(page).not.toContain("incomplete or damaged");
        }
      }
    }, POSTGRES_HOOK_TIMEOUT_MS);

    test("a key name or an admin search holding one answers 400 with the page and says why", async () => {
      const s = (service = await startAccounts({ ...ADMIN, ...(await engine.env()) }));
      const user = await s.signUp("kim@example.com");
      const admin = sessionCookieOf(await s.post("/admin/login", { email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD, challengeToken: challengeToken() }))!;
      for (const character of UNSAFE) {
        const key = await s.post("/account/keys", { name: `ci${character}key` }, { cookie: user });
        expect(key.status).toBe(400);
        expect(await key.text()).toContain(`Key name ${REFUSED}`);
        for (const path of [`/admin/users?email=${encodeURIComponent(`kim${character}`)}`, `/admin/scans?domain=${encodeURIComponent(`a${character}.test`)}`]) {
          const search = await s.get(path, { cookie: admin });
          expect({ path, status: search.status }).toEqual({ path, status: 400 });
          expect(await search.text()).toContain(`A search ${REFUSED}`);
        }
      }
      expect((await createKeyByForm(s, user, "a plain name")).key).toStartWith("aivis_");
      const found = await s.get("/admin/users?email=KIM", { cookie: admin });
      expect(found.status).toBe(200);
      expect(await found.text()).toContain("kim@example.com");
    }, POSTGRES_HOOK_TIMEOUT_MS);

    test("a fullwidth look-alike of an address is that address: one account, found either way", async () => {
      const s = (service = await startAccounts(await engine.env()));
      const created = await s.post("/account/signup", { email: "ＡＤＡ@ｅｘａｍｐｌｅ.com", password: GOOD_PASSWORD, challengeToken: challengeToken() });
      expect(created.status).toBe(303);
      expect(await findUserByEmail(s.runtime.db, "ada@example.com")).not.toBeNull();
      const again = await s.post("/account/signup", { email: "ada@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() });
      expect(again.status).toBe(409);
      for (const email of ["ada@example.com", "ａｄａ@example.com", " Ada@EXAMPLE.com "]) {
        expect((await s.post("/account/login", { email, password: GOOD_PASSWORD, challengeToken: challengeToken() })).status).toBe(303);
      }
    }, POSTGRES_HOOK_TIMEOUT_MS);

    test("addresses stored before normalisation are normalised at start, unless that would merge two accounts", async () => {
      const env = await engine.env();
      const first = (service = await startAccounts(env));
      const hash = await hashPassword(GOOD_PASSWORD);
      // As the previous version stored them: trimmed and lower-cased only.
      await insertUser(first.runtime.db, { email: "ｂｏｂ@example.com", passwordHash: hash, createdAt: 1 });
      await insertUser(first.runtime.db, { email: "ｃｙ@example.com", passwordHash: hash, createdAt: 2 });
      await insertUser(first.runtime.db, { email: "cy@example.com", passwordHash: await hashPassword("another password entirely"), createdAt: 3 });
      await first.close();

      const s = (service = await startAccounts(env));
      expect(await findUserByEmail(s.runtime.db, "bob@example.com")).not.toBeNull();
      expect(await findUserByEmail(s.runtime.db, "ｂｏｂ@example.com")).toBeNull();
      expect((await s.post("/account/signup", { email: "bob@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() })).status).toBe(409);
      expect((await s.post("/account/login", { email: "ｂｏｂ@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() })).status).toBe(303);
      // Two accounts that normalise to one address are both kept; each still signs in with its own password.
      expect(await findUserByEmail(s.runtime.db, "ｃｙ@example.com")).not.toBeNull();
      expect((await s.post("/account/login", { email: "cy@example.com", password: "another password entirely", challengeToken: challengeToken() })).status).toBe(303);
    }, POSTGRES_HOOK_TIMEOUT_MS);
  });
}
