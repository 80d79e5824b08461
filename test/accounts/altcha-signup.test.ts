/** Signup with the default challenge, ALTCHA: the page carries the widget, and a solved challenge is accepted once. */
import { afterEach, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { GOOD_PASSWORD, ORIGIN } from "./account-test-kit.ts";

let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

test("the signup page embeds the ALTCHA widget from our origin; its solution signs up once and cannot be replayed", async () => {
  const s = (service = await createTestRuntime({}, { lookup: fakeDns(), runWorker: false }));
  const page = await (await s.request("/account/signup")).text();
  expect(page).toContain('<altcha-widget class="challenge" challenge="/api/challenge" name="challengeToken"');
  expect(page).toMatch(/<script type="module" src="\/assets\/[^"]+"><\/script>/);

  const token = await solveAltcha((await (await s.request("/api/challenge")).json()) as Challenge);
  const post = (email: string) =>
    s.request("/account/signup", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: ORIGIN, "sec-fetch-site": "same-origin" },
      body: new URLSearchParams({ email, password: GOOD_PASSWORD, challengeToken: token }).toString(),
    });
  expect((await post("ann@example.com")).status).toBe(303);
  expect((await post("bob@example.com")).status).toBe(403);
}, 60_000);
