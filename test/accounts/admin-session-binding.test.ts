/**
 * Admin sessions bound to the admin's credentials (issue 30, finding 6), on both engines: a session is
 * found only with the binding it was opened under, and new credentials delete the sessions of earlier ones.
 */
import { describe, expect, test } from "bun:test";
import { adminSessionBinding, forgetOtherAdminSessions } from "../../src/accounts/admin-session-binding.ts";
import { readSession, startSession } from "../../src/accounts/session-service.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { forEachStoreEngine } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";

const NOW = Date.UTC(2026, 0, 5);

describe("adminSessionBinding", () => {
  test("the same for the same credentials (the email as the sign-in normalises it), different when either changes", async () => {
    const base = await adminSessionBinding("admin@example.com", "operator passphrase 42");
    expect(base).toHaveLength(32);
    expect(await adminSessionBinding("  Admin@Example.com ", "operator passphrase 42")).toEqual(base);
    expect(await adminSessionBinding("admin@example.com", "operator passphrase 43")).not.toEqual(base);
    expect(await adminSessionBinding("other@example.com", "operator passphrase 42")).not.toEqual(base);
    // The separator keeps email and password apart: moving a character across it changes the binding.
    expect(await adminSessionBinding("a@b.cd", "xpassword long")).not.toEqual(await adminSessionBinding("a@b.cdx", "password long"));
  });
});

forEachStoreEngine((engine) => {
  test("a session opens only under its binding; new credentials delete the admin sessions of earlier ones, not user sessions", async () => {
    const db = await engine.open();
    const first = await adminSessionBinding("admin@example.com", "first passphrase");
    const second = await adminSessionBinding("admin@example.com", "second passphrase");
    const userId = (await insertUser(db, { email: "ann@example.com", passwordHash: "x", createdAt: 0 }))!;

    await forgetOtherAdminSessions(db, first);
    const admin = await startSession(db, "admin", null, NOW, first);
    const user = await startSession(db, "user", userId, NOW);
    expect(await readSession(db, admin.token, "admin", NOW, first)).not.toBeNull();
    expect(await readSession(db, admin.token, "admin", NOW, second)).toBeNull();
    expect(await readSession(db, admin.token, "admin", NOW)).toBeNull();

    await forgetOtherAdminSessions(db, first);
    expect(await readSession(db, admin.token, "admin", NOW, first)).not.toBeNull();

    await forgetOtherAdminSessions(db, second);
    await forgetOtherAdminSessions(db, first);
    expect(await readSession(db, admin.token, "admin", NOW, first)).toBeNull();
    expect(await readSession(db, user.token, "user", NOW)).not.toBeNull();
  }, POSTGRES_HOOK_TIMEOUT_MS);
});
