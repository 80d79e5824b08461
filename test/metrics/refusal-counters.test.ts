/** Sign-in lockouts count as rate-limit refusals under their bucket's name; the store reports database errors. */
import { afterEach, expect, test } from "bun:test";
import { openDatabase, type Db } from "../../src/store/database.ts";
import { claimLoginAttempt, loginSubjects } from "../../src/accounts/login-throttle.ts";
import { instanceRegistry } from "../../src/metrics/instance-registry.ts";
import { onDatabaseError } from "../../src/metrics/database-metrics.ts";
import "../../src/metrics/rate-limit-metrics.ts";
import { parseExposition, sampleValue } from "./exposition-parser.ts";

let db: Db | undefined;
afterEach(async () => {
  await db?.close();
  db = undefined;
});

async function scrape() {
  return parseExposition(await instanceRegistry.render());
}

test("a locked sign-in counts once under login-user, and no e-mail digest or address becomes a label", async () => {
  db = await openDatabase(":memory:");
  const subjects = loginSubjects("user", "203.0.113.50", "someone@example.com");
  const refusals = (families: Awaited<ReturnType<typeof scrape>>, bucket: string) =>
    sampleValue(families, "sightline_rate_limit_refusals_total", "sightline_rate_limit_refusals_total", { bucket });
  const before = await scrape();
  const now = Date.now();
  // Five failures are free for an account; the fifth sets a lock, so the sixth attempt is refused.
  for (let attempt = 0; attempt < 5; attempt++) expect((await claimLoginAttempt(db, subjects, now)).ok).toBe(true);
  expect((await claimLoginAttempt(db, subjects, now)).ok).toBe(false);
  const after = await scrape();
  expect(refusals(after, "login-user") - refusals(before, "login-user")).toBe(1);
  const labels = after.get("sightline_rate_limit_refusals_total")!.samples.map((sample) => sample.labels.bucket);
  expect(labels.every((label) => /^[a-z-]+$/.test(label ?? ""))).toBe(true);
});

test("onDatabaseError counts one database error per call", async () => {
  const value = async () => sampleValue(await scrape(), "sightline_database_errors_total", "sightline_database_errors_total");
  const before = await value();
  onDatabaseError();
  onDatabaseError();
  expect(await value()).toBe(before + 2);
});
