/**
 * The account's "AI answers" pages: signed-in only, one account's watches only, and everything the
 * engines and cited sites supply escaped; source links nofollow and http(s) only; the page says which
 * API each engine was asked through.
 */
import { afterAll, expect, test } from "bun:test";
import { answerRunWorker } from "../../src/answers/answer-run-worker.ts";
import { startRun } from "../../src/answers/answer-runs.ts";
import { configuredEngines, providerSecrets } from "../../src/answers/configured-engines.ts";
import { setBudget } from "../../src/store/answer-runs-repo.ts";
import { claimDueDelivery, insertDelivery, recordAttempt, saveAlertSettings } from "../../src/store/alerts-repo.ts";
import { insertPrompt, insertWatch } from "../../src/store/answer-watches-repo.ts";
import { findUserByEmail } from "../../src/store/users-repo.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import { storedPageVerdicts } from "../../src/scans/bounded-page-verdicts.ts";
import { sampleSiteVerdicts } from "../fixtures/page-verdicts.ts";
import { startFakeProviders } from "../helpers/fake-answer-providers.ts";
import { startAccounts, stopTurnstileFake } from "./account-test-kit.ts";

const fakesReady = startFakeProviders();
afterAll(async () => {
  await (await fakesReady).stop();
  await stopTurnstileFake();
});

test("results are shown escaped, with nofollow http(s) links and the API each engine used", async () => {
  const fakes = await fakesReady;
  fakes.behave("openai", {
    kind: "answer",
    text: "<script>alert('answer')</script> Acme is great.",
    cited: [
      { url: "https://www.example.com/<x>", title: "<img src=x onerror=alert(1)>" },
      { url: "javascript:alert(1)", title: "bad" },
      { url: "https://rival.io/\"onmouseover=\"alert(1)", title: "Rival" },
    ],
  });
  const s = await startAccounts({ OPENAI_API_KEY: "sk-proj-pageFakeKey0123456789abcdef", OPENAI_BASE_URL: fakes.baseUrls.openai, ANSWERS_RETRIES: "0" });
  try {
    const cookie = await s.signUp("owner@example.com");
    const other = await s.signUp("other@example.com");
    const db = s.runtime.db;
    const userId = (await findUserByEmail(db, "owner@example.com"))!.id;
    const watchId = (await insertWatch(db, userId, { domain: "example.com", brandNames: ["<b>Acme</b>", "Acme"], competitors: ["rival.io"], engines: null, samples: 1, schedule: "none", nextRunAt: null }, s.clock.now))!;
    await insertPrompt(db, watchId, { name: "p", prompt: "Best <i>planner</i>?", group: null }, s.clock.now);
    await setBudget(db, userId, 1_000_000, s.clock.now);
    const config = s.runtime.config;
    const deps = { db, engines: configuredEngines(config), serviceLimitMicros: null, timeoutMs: 5000, secrets: providerSecrets(config), now: () => s.clock.now };
    expect((await startRun(deps, userId, watchId, "manual")).ok).toBe(true);
    expect(await answerRunWorker({ ...deps, log: () => undefined }).drain()).toBe(1);

    expect((await s.get("/account/answers")).status).toBe(303);
    const list = await (await s.get("/account/answers", { cookie })).text();
    expect(list).toContain(`href="/account/answers/${watchId}"`);
    const response = await s.get(`/account/answers/${watchId}`, { cookie });
    expect(response.status).toBe(200);
    const page = await response.text();
    expect(page).toContain("API answers can differ from what the ChatGPT, Claude, Gemini and Perplexity apps show.");
    expect(page).toContain("OpenAI Responses API with the web_search tool");
    expect(page).toContain("cited in 1 of 1 sample");
    expect(page).toContain("&lt;script&gt;alert(&#39;answer&#39;)&lt;/script&gt;");
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(page).toContain("Best &lt;i&gt;planner&lt;/i&gt;?");
    expect(page).toContain("&lt;b&gt;Acme&lt;/b&gt;");
    expect(page).not.toContain("<script>alert");
    expect(page).not.toContain("<img src=x");
    expect(page).not.toContain('href="javascript:');
    expect(page).not.toContain('"onmouseover="');
    for (const link of page.match(/<a href="http[^"]*"[^>]*>/g) ?? []) if (!link.includes("/account/")) expect(link).toContain('rel="nofollow noopener"');
    expect(page).not.toContain("sk-proj-pageFakeKey");

    // The delivery log: status, attempts and the last error, escaped.
    expect(page).toContain("No alerts are set.");
    await saveAlertSettings(db, watchId, { webhookUrl: "https://hooks.example.com/<hook>", webhookSecret: new Uint8Array(40), email: true, shareDropPoints: 25 }, s.clock.now);
    const deliveryId = await insertDelivery(db, { watchId, channel: "webhook", target: "https://hooks.example.com/<hook>", payload: JSON.stringify({ event: "test", changes: [] }) }, s.clock.now);
    expect((await claimDueDelivery(db, "t", s.clock.now + 60_000, s.clock.now))!.id).toBe(deliveryId);
    await recordAttempt(db, deliveryId, "t", { at: s.clock.now, status: 503, error: "answered 503 <script>alert(2)</script>" }, { state: "pending", retryAt: s.clock.now + 30_000 }, s.clock.now);
    const withLog = await (await s.get(`/account/answers/${watchId}`, { cookie })).text();
    expect(withLog).toContain("Alerts go to webhook <code>https://hooks.example.com/&lt;hook&gt;</code> and email to your address");
    expect(withLog).toContain("more than 25 points");
    expect(withLog).toContain("retrying at");
    expect(withLog).toContain("1 (503)");
    expect(withLog).toContain("answered 503 &lt;script&gt;alert(2)&lt;/script&gt;");
    expect(withLog).not.toContain("<script>alert(2)");

    expect((await s.get(`/account/answers/${watchId}`, { cookie: other })).status).toBe(404);
    expect((await s.get("/account/answers/abc", { cookie })).status).toBe(404);
  } finally {
    await s.close();
  }
});

test("each cited page of the domain links to its verdict from the latest site-wide scan; where only competitors are cited, their pages are shown", async () => {
  const fakes = await fakesReady;
  const s = await startAccounts({ OPENAI_API_KEY: "sk-proj-pageFakeKey0123456789abcdef", OPENAI_BASE_URL: fakes.baseUrls.openai, ANSWERS_RETRIES: "0" });
  try {
    const cookie = await s.signUp("pages@example.com");
    const db = s.runtime.db;
    const userId = (await findUserByEmail(db, "pages@example.com"))!.id;
    const watchId = (await insertWatch(db, userId, { domain: "shop.test", brandNames: ["Shop"], competitors: ["rival.io"], engines: null, samples: 1, schedule: "none", nextRunAt: null }, s.clock.now))!;
    await insertPrompt(db, watchId, { name: "cited", prompt: "Best widget?", group: null }, s.clock.now);
    await insertPrompt(db, watchId, { name: "rival", prompt: "Cheapest widget?", group: null }, s.clock.now);
    await setBudget(db, userId, 1_000_000, s.clock.now);
    const verdicts = sampleSiteVerdicts("https://shop.test");
    const sampled = verdicts.find((verdict) => verdict.template !== "/" && verdict.findings.length > 0)!;
    // One answer cites the shop's pages, the other only the competitor's (the page shows both, whichever prompt got which).
    let calls = 0;
    fakes.behave("openai", () =>
      calls++ === 0
        ? { kind: "answer", text: "Shop sells widgets.", cited: [{ url: `${sampled.url}#reviews`, title: "Widget" }, { url: "https://shop.test/never-sampled", title: "Other" }] }
        : { kind: "answer", text: "Rival is cheaper.", cited: [{ url: "https://www.rival.io/cheap", title: "Rival" }] },
    );
    await insertScan(db, { domain: "shop.test", status: "ok", score: 70, scannedAt: s.clock.now, recordJson: JSON.stringify({ domain: "shop.test", status: "ok", scannedAt: new Date(s.clock.now).toISOString(), result: null, offSite: null }), artifactsJson: null, caller: { kind: "pipeline" }, pages: storedPageVerdicts(verdicts) });
    const config = s.runtime.config;
    const deps = { db, engines: configuredEngines(config), serviceLimitMicros: null, timeoutMs: 5000, secrets: providerSecrets(config), now: () => s.clock.now };
    expect((await startRun(deps, userId, watchId, "manual")).ok).toBe(true);
    expect(await answerRunWorker({ ...deps, log: () => undefined }).drain()).toBe(1);

    const page = await (await s.get(`/account/answers/${watchId}`, { cookie })).text();
    expect(page).toContain("Your pages it cites:");
    expect(page).toContain(`href="/report/shop.test?template=${encodeURIComponent(sampled.template)}#site-pages"`);
    expect(page).toContain(`>${sampled.verdict}</a>`);
    expect(page).toContain("not among the pages the latest scan sampled");
    expect(page).toContain('Cited instead of your site: <a href="https://www.rival.io/cheap" rel="nofollow noopener"');
  } finally {
    await s.close();
  }
});
