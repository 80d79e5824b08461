/**
 * POST /api/check on the schema service: pasted HTML or JSON-LD checked once, with the authentication
 * of POST /api/scan, the size limit of a fetched page (FETCH_MAX_BYTES) and a per-caller hourly limit
 * of its own. Nothing is fetched (no DNS stand-in answers) and nothing is stored.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { createApiKey } from "../../src/auth/api-key-service.ts";
import { countRateEvents } from "../../src/store/rate-limits-repo.ts";
import { lastScanId } from "../../src/store/scans-repo.ts";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";

const TOKEN = "pipeline-token-0123456789abcdef";

const PRODUCT = {
  "@context": "https://schema.org",
  "@type": "Product",
  name: "Tide floor lamp",
  image: "https://shop.example/lamp.jpg",
  offers: { "@type": "Offer", price: "120.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
};

let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start(env: Record<string, string> = {}): Promise<TestRuntime> {
  // No DNS at all: a check that tried to fetch anything would fail.
  service = await createTestRuntime(
    { SERVICE: "schema", PIPELINE_TOKEN: TOKEN, ...env },
    {
      lookup: async (hostname) => {
        throw new Error(`the check looked up ${hostname}`);
      },
      runWorker: false,
    },
  );
  return service;
}

function check(s: TestRuntime, body: unknown, options: { token?: string | null; client?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  const token = options.token === undefined ? TOKEN : options.token;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  return s.request("/api/check", { method: "POST", headers, body: typeof body === "string" ? body : JSON.stringify(body) }, options.client);
}


describe("POST /api/check", () => {
  test("pasted JSON-LD is checked: the item, its verdicts, nothing stored", async () => {
    const s = await start();
    const response = await check(s, { jsonld: JSON.stringify(PRODUCT, null, 2) });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("ratelimit-policy")).toBe('"ip";q=8;w=3600');
    const body = await response.json();
    expect(body.input).toBe("jsonld");
    expect(Date.parse(body.checkedAt)).not.toBeNaN();
    expect(body.result.items).toHaveLength(1);
    expect(body.result.items[0].type).toBe("Product");
    expect(body.result.items[0].errors).toEqual([]);
    expect(body.result.summary.eligible).toBeGreaterThan(0);
    expect(await lastScanId(s.runtime.db)).toBe(0);
  });

  test("a pasted HTML page is read whole, relative to the url given, which is not fetched", async () => {
    const s = await start();
    const page = `<!doctype html><html><head><title>Lamp</title><script type="application/ld+json">${JSON.stringify(PRODUCT)}</script></head>
<body><div itemscope itemtype="https://schema.org/Organization"><span itemprop="name">Lamp Co</span><a itemprop="url" href="/about">About</a></div></body></html>`;
    const response = await check(s, { html: page, url: "https://shop.example/lamp" });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.input).toBe("html");
    expect(body.result.page.title).toBe("Lamp");
    expect(body.result.items.map((item: { format: string; type: string }) => [item.format, item.type])).toEqual([
      ["json-ld", "Product"],
      ["microdata", "Organization"],
    ]);
    expect(body.result.items[1].data).toContain("https://shop.example/about");
  });

  test("the address: the url sent, else the page's canonical link; with neither, no suggestion and a notice asking for it (issue 25)", async () => {
    const s = await start();
    const post = (head: string) =>
      `<!doctype html><html lang="en"><head><title>Ten things I learned baking sourdough</title>${head}</head><body><article><h1>Ten things I learned baking sourdough</h1>` +
      '<p class="byline"><a rel="author" href="/about">Jane Okafor</a></p><time datetime="2026-10-01">1 October 2026</time><p>Flour, water, salt.</p></article></body></html>';
    const stated = await (await check(s, { html: post('<link rel="canonical" href="https://janes-bakes.example/2026/sourdough"><meta name="og:site_name" content="Jane Bakes">') })).json();
    expect(stated.address).toEqual({ url: "https://janes-bakes.example/2026/sourdough", source: "canonical", notice: null });
    expect(stated.result.page.url).toBe("https://janes-bakes.example/2026/sourdough");
    expect(stated.result.generated[0].jsonLd).toContain('"name": "Jane Bakes"');
    expect(stated.result.generated[0].jsonLd).not.toContain("pasted.invalid");
    const given = await (await check(s, { html: post(""), url: "https://janes-bakes.example/p" })).json();
    expect(given.address).toEqual({ url: "https://janes-bakes.example/p", source: "given", notice: null });
    const none = await check(s, { html: post("") });
    expect(none.status).toBe(200);
    const body = await none.json();
    expect(body.address.url).toBeNull();
    expect(body.address.notice).toStartWith("The pasted page states no address");
    expect(body.result.generated).toEqual([]);
  });

  test("`markup` is detected: JSON is JSON-LD, anything else HTML", async () => {
    const s = await start();
    const asJson = await (await check(s, { markup: JSON.stringify([PRODUCT]) })).json();
    expect(asJson.input).toBe("jsonld");
    const asHtml = await (await check(s, { markup: `<script type="application/ld+json">${JSON.stringify(PRODUCT)}</script>` })).json();
    expect(asHtml.input).toBe("html");
    expect(asHtml.result.items[0].type).toBe("Product");
  });

  test("jsonld may be an object or an array, as the API documents, and is checked as its text would be", async () => {
    const s = await start();
    const asText = await (await check(s, { jsonld: JSON.stringify(PRODUCT) })).json();
    const asObject = await check(s, { jsonld: PRODUCT });
    expect(asObject.status).toBe(200);
    const objectBody = await asObject.json();
    expect(objectBody.input).toBe("jsonld");
    expect(objectBody.result).toEqual(asText.result);
    const asArray = await check(s, { jsonld: [PRODUCT, { "@context": "https://schema.org", "@type": "Organization", name: "Lamp Co", url: "https://shop.example/" }] });
    expect(asArray.status).toBe(200);
    expect((await asArray.json()).result.items.map((item: { type: string }) => item.type)).toEqual(["Product", "Organization"]);
    for (const value of [42, null, true]) {
      const refused = await check(s, { jsonld: value });
      expect(refused.status).toBe(400);
      expect((await refused.json()).error).toBe("jsonld must be an object, an array or a string.");
    }
  });

  test("invalid JSON-LD gives error items, and broken JSON an unreadable block", async () => {
    const s = await start();
    const wrong = await (await check(s, { jsonld: JSON.stringify({ ...PRODUCT, colour: "red" }) })).json();
    expect(wrong.result.items[0].errors.map((issue: { property: string }) => issue.property)).toContain("colour");
    expect(wrong.result.summary.errors).toBeGreaterThan(0);
    const broken = await check(s, { jsonld: '{"@type": "Product",' });
    expect(broken.status).toBe(200);
    const body = await broken.json();
    expect(body.result.items).toEqual([]);
    expect(body.result.problems[0].path).toBe("json-ld[0]");
  });

  test("empty, missing, doubled or unknown input is a 400 that says what to send", async () => {
    const s = await start();
    const empty = await check(s, { jsonld: "  \n " });
    expect(empty.status).toBe(400);
    expect((await empty.json()).error).toBe("Nothing to check: the pasted markup is empty.");
    const none = await check(s, {});
    expect(none.status).toBe(400);
    expect((await none.json()).error).toContain("exactly one of html, jsonld and markup");
    expect((await check(s, { html: "<p>", jsonld: "{}" })).status).toBe(400);
    const unknown = await check(s, { code: "{}" });
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).error).toBe('Unknown field "code" in the request body.');
    const badUrl = await check(s, { html: "<p>", url: "ftp://shop.example/" });
    expect(badUrl.status).toBe(400);
    expect((await check(s, "not json")).status).toBe(400);
  });

  test("markup larger than FETCH_MAX_BYTES is refused with 413, and so is a body past its cap", async () => {
    const s = await start({ FETCH_MAX_BYTES: "2048" });
    const tooLarge = await check(s, { html: `<p>${"x".repeat(2100)}</p>` });
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json()).error).toContain("at most 2048 bytes are checked (FETCH_MAX_BYTES");
    // Multi-byte characters count as bytes, as in a fetched page.
    expect((await check(s, { html: "é".repeat(1100) })).status).toBe(413);
    const hugeBody = await check(s, { html: "x".repeat(30_000) });
    expect(hugeBody.status).toBe(413);
    expect((await check(s, { html: `<p>${"x".repeat(2000)}</p>` })).status).toBe(200);
  });

  test("authentication as for POST /api/scan: a wrong token is 401, no credential 403, a key and a solved challenge are accepted", async () => {
    const s = await start();
    const wrong = await check(s, { jsonld: "{}" }, { token: "schema_not-a-real-key" });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Unauthorized" });
    const anonymous = await check(s, { jsonld: "{}" }, { token: null });
    expect(anonymous.status).toBe(403);
    expect(await anonymous.json()).toMatchObject({ error: "Verification failed. Please retry." });

    const key = (await createApiKey(s.runtime.db, { prefix: "schema", name: "ci", userId: null, now: Date.now() })).key;
    const keyed = await check(s, { jsonld: JSON.stringify(PRODUCT) }, { token: key });
    expect(keyed.status).toBe(200);
    expect(keyed.headers.get("ratelimit-policy")).toBe('"key";q=60;w=3600');

    const challenge = (await (await s.request("/api/challenge")).json()) as Challenge;
    const solved = await solveAltcha(challenge);
    expect((await check(s, { jsonld: JSON.stringify(PRODUCT), challengeToken: solved }, { token: null })).status).toBe(200);
    // A challenge answer is accepted once.
    expect((await check(s, { jsonld: JSON.stringify(PRODUCT), challengeToken: solved }, { token: null })).status).toBe(403);
  }, 60_000);

  test("checks are limited per client IP like fresh scans, in a bucket of their own", async () => {
    const s = await start({ LIMIT_PER_IP_PER_HOUR: "2" });
    for (let i = 0; i < 2; i++) expect((await check(s, { jsonld: JSON.stringify(PRODUCT) })).status).toBe(200);
    const refused = await check(s, { jsonld: JSON.stringify(PRODUCT) });
    expect(refused.status).toBe(429);
    const body = await refused.json();
    expect(body.error).toStartWith("Rate limit exceeded: at most 2 checks of pasted markup from your address per hour.");
    expect(refused.headers.get("retry-after")).toBe(String(body.retryAfterSeconds));
    // Another address has its own bucket, and a refused request spends nothing.
    expect((await check(s, { jsonld: JSON.stringify(PRODUCT) }, { client: "192.0.2.50" })).status).toBe(200);
    // Invalid requests are refused before the limit and cost nothing either.
    expect((await check(s, { jsonld: "" }, { client: "192.0.2.60" })).status).toBe(400);
    const db = s.runtime.db;
    expect(await countRateEvents(db, "check-ip:198.51.100.7", 0)).toBe(2);
    expect(await countRateEvents(db, "check-ip:192.0.2.60", 0)).toBe(0);
    // Checking code never uses up the address's fresh scans.
    expect(await countRateEvents(db, "ip:198.51.100.7", 0)).toBe(0);
  });

  test("hostile markup is returned as JSON data only, never as a page", async () => {
    const s = await start();
    const hostile = { ...PRODUCT, name: "</script><script>alert(1)</script>" };
    const response = await check(s, { jsonld: JSON.stringify(hostile) });
    expect(response.headers.get("content-type")).toStartWith("application/json");
    const body = await response.json();
    expect(body.result.items[0].data).toContain("</script><script>alert(1)</script>");
  });

  test("the endpoint is described in /swagger/json with its body and answers; the form pages are not", async () => {
    const s = await start();
    const paths = (await (await s.request("/swagger/json")).json()).paths;
    const operation = paths["/api/check"].post;
    expect(operation.tags).toEqual(["Scans"]);
    expect(Object.keys(operation.requestBody.content["application/json"].schema.properties).sort()).toEqual(["challengeToken", "html", "jsonld", "markup", "url"]);
    expect(Object.keys(operation.responses).sort()).toEqual(["200", "400", "401", "403", "413", "429", "503"]);
    expect(paths["/check"]).toBeUndefined();
  });

  test("the visibility service has no such endpoint", async () => {
    service = await createTestRuntime({ PIPELINE_TOKEN: TOKEN }, { runWorker: false });
    expect((await check(service, { jsonld: JSON.stringify(PRODUCT) })).status).toBe(404);
  });
});
