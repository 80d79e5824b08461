/**
 * Sign-in throttling under a burst: the lock check and the failure count are one transaction taken
 * before the password is verified, so twenty wrong passwords sent at once get no more password
 * verifications than the account's free failures, and the rest are refused with 429.
 */
import { afterAll, afterEach, describe, expect, spyOn, test } from "bun:test";
import { ACCOUNT_THROTTLE } from "../../src/accounts/login-throttle.ts";
import { GOOD_PASSWORD, challengeToken, startAccounts, stopTurnstileFake, type AccountsService } from "./account-test-kit.ts";

const ADMIN = { ADMIN_EMAIL: "admin@example.com", ADMIN_PASSWORD: "operator passphrase 42" };
const BURST = 20;

let service: AccountsService | undefined;
let verify: ReturnType<typeof spyOn<typeof Bun.password, "verify">> | undefined;
afterEach(async () => {
  verify?.mockRestore();
  verify = undefined;
  await service?.close();
  service = undefined;
});
afterAll(stopTurnstileFake);

/** Sends `BURST` sign-ins at once and returns their statuses and how many passwords were verified. */
async function burst(s: AccountsService, path: string, email: string): Promise<{ statuses: number[]; verified: number }> {
  verify = spyOn(Bun.password, "verify");
  const responses = await Promise.all(
    Array.from({ length: BURST }, () => s.post(path, { email, password: "wrong password here", challengeToken: challengeToken() })),
  );
  const verified = verify.mock.calls.length;
  verify.mockRestore();
  verify = undefined;
  return { statuses: responses.map((response) => response.status).sort(), verified };
}

describe("sign-in bursts", () => {
  test(`${BURST} parallel wrong passwords for one account: only ${ACCOUNT_THROTTLE.freeFailures} are verified, the rest get 429`, async () => {
    const s = (service = await startAccounts());
    await s.signUp("ann@example.com");
    const { statuses, verified } = await burst(s, "/account/login", "ann@example.com");
    expect(verified).toBe(ACCOUNT_THROTTLE.freeFailures);
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_THROTTLE.freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(BURST - ACCOUNT_THROTTLE.freeFailures);

    // The lock holds afterwards too, even for the right password.
    expect((await s.post("/account/login", { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() })).status).toBe(429);
    // Once it is over, the right password signs in and the account's count starts again.
    s.clock.now += 60_000;
    expect((await s.post("/account/login", { email: "ann@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() })).status).toBe(303);
    expect((await s.post("/account/login", { email: "ann@example.com", password: "wrong password here", challengeToken: challengeToken() })).status).toBe(401);
  });

  test(`${BURST} parallel wrong passwords for the admin: only ${ACCOUNT_THROTTLE.freeFailures} are verified`, async () => {
    const s = (service = await startAccounts(ADMIN));
    const { statuses, verified } = await burst(s, "/admin/login", ADMIN.ADMIN_EMAIL);
    expect(verified).toBe(ACCOUNT_THROTTLE.freeFailures);
    expect(statuses.filter((status) => status === 429)).toHaveLength(BURST - ACCOUNT_THROTTLE.freeFailures);
  });

  test("a right password takes back its advance failure: successes do not add up to an IP lock", async () => {
    const s = (service = await startAccounts());
    await s.signUp("bob@example.com");
    // More successful sign-ins from one IP than the IP's free failures: none of them counts as a failure.
    for (let index = 0; index < 21; index++) {
      const response = await s.post("/account/login", { email: "bob@example.com", password: GOOD_PASSWORD, challengeToken: challengeToken() });
      expect(response.status).toBe(303);
    }
    expect((await s.post("/account/login", { email: "carl@example.com", password: "wrong password here", challengeToken: challengeToken() })).status).toBe(401);
  });
});
