/**
 * The schema service's paste form (/check) through the whole app: linked from the home page, posted
 * as a browser posts it (form fields, the widget's token), answered with the result on the page.
 * Pasted markup is hostile by assumption: it comes back escaped, in the textarea and in the result.
 */
import { afterEach, describe, expect, test } from "bun:test";
import type { Challenge } from "altcha-lib";
import { parseHTML } from "linkedom";
import { solveAltcha } from "../helpers/altcha-solver.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { expectInert } from "../web/inert-html.ts";

const PRODUCT = {
  "@context": "https://schema.org",
  "@type": "https://schema.org/Product",
  name: "Tide floor lamp",
  image: "https://shop.example/lamp.jpg",
  offers: { "@type": "Offer", price: "120.00", priceCurrency: "EUR", availability: "https://schema.org/InStock" },
};
const HOSTILE = `</textarea></script><script>alert("pasted")</script><img src=x onerror=alert(1)>`;

let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start(env: Record<string, string> = {}): Promise<TestRuntime> {
  service = await createTestRuntime({ SERVICE: "schema", ...env }, { runWorker: false });
  return service;
}

async function token(s: TestRuntime): Promise<string> {
  return solveAltcha((await (await s.request("/api/challenge")).json()) as Challenge);
}

function post(s: TestRuntime, fields: Record<string, string>, client?: string): Promise<Response> {
  return s.request("/check", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() }, client);
}

/**
 * The textarea's text as a browser reads it. A textarea holds escaped text (RCDATA) that browsers
 * decode; linkedom keeps it raw, so the test decodes the entities our escaping writes.
 */
function textareaText(page: ReturnType<typeof documentOf>): string {
  const raw = page.querySelector("textarea")!.textContent ?? "";
  return raw.replace(/&(lt|gt|quot|#39|#96|amp);/g, (_, name: string) => ({ lt: "<", gt: ">", quot: '"', "#39": "'", "#96": "`", amp: "&" })[name]!);
}

function documentOf(page: string) {
  return parseHTML(page).document;
}

describe("the paste form", () => {
  test("the home page links it, and it shows a form with the browser check", async () => {
    const s = await start();
    const home = documentOf(await (await s.request("/")).text());
    expect(home.querySelector('a[href="/check"]')?.textContent).toContain("check pasted HTML or JSON-LD");
    const response = await s.request("/check");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("form-action 'self'");
    const page = documentOf(await response.text());
    const form = page.querySelector("form#paste")!;
    expect(form.getAttribute("action")).toBe("/check");
    expect(form.getAttribute("method")).toBe("post");
    expect(form.querySelector("textarea[name=markup]")).not.toBeNull();
    expect(form.querySelector("altcha-widget[name=challengeToken]")).not.toBeNull();
  });

  test("pasted JSON-LD is checked and shown: the item by its short type name, its verdicts", async () => {
    const s = await start();
    const response = await post(s, { markup: JSON.stringify(PRODUCT, null, 2), url: "", challengeToken: await token(s) });
    expect(response.status).toBe(200);
    const page = documentOf(await response.text());
    expect(page.querySelector(".paste-result .meta-line")?.textContent).toContain("Read as JSON-LD");
    const items = Array.from(page.querySelectorAll("li.schema-item > h3")).map((heading) => heading.childNodes[0]!.textContent!.trim());
    expect(items).toEqual(["Product"]);
    expect(page.querySelector("li.schema-item")!.textContent).toContain("Product snippet");
    expect(textareaText(page)).toBe(JSON.stringify(PRODUCT, null, 2));
  }, 30_000);

  test("a page without an address is asked for one, with no suggestion; one with a canonical link says where it was taken to live (issue 25)", async () => {
    const s = await start();
    const post_ = (head: string) =>
      `<!doctype html><html lang="en"><head><title>Sourdough notes</title>${head}</head><body><article><h1>Sourdough notes</h1><p class="byline"><a rel="author" href="/about">Jane Okafor</a></p>` +
      '<time datetime="2026-10-01">1 October 2026</time><p>Flour, water, salt.</p></article></body></html>';
    const none = documentOf(await (await post(s, { markup: post_(""), url: "", challengeToken: await token(s) })).text());
    expect(none.querySelector("#address-needed")?.textContent).toContain("The pasted page states no address");
    expect(none.querySelector(".paste-result")!.textContent).not.toContain("pasted.invalid");
    const stated = documentOf(await (await post(s, { markup: post_('<link rel="canonical" href="https://janes-bakes.example/sourdough">'), url: "", challengeToken: await token(s) })).text());
    expect(stated.querySelector("#address-needed")).toBeNull();
    expect(stated.querySelector(".paste-result .meta-line")?.textContent).toContain("at https://janes-bakes.example/sourdough (its canonical link)");
  }, 30_000);

  test("hostile pasted HTML and JSON-LD stay text: nothing of them runs or appears unescaped", async () => {
    const s = await start();
    const pastedHtml = `<!doctype html><html><head><title>${HOSTILE}</title><script type="application/ld+json">${JSON.stringify({ ...PRODUCT, name: HOSTILE }).replaceAll("</", "<\\/")}</script></head><body>${HOSTILE}</body></html>`;
    const pastedJson = JSON.stringify({ ...PRODUCT, name: HOSTILE, [HOSTILE]: HOSTILE });
    for (const markup of [pastedHtml, pastedJson]) {
      const response = await post(s, { markup, challengeToken: await token(s) });
      expect(response.status).toBe(200);
      const text = await response.text();
      expect(text).not.toContain('<script>alert("pasted")');
      expect(text).not.toContain("<img src=x");
      expect(text).not.toContain("</textarea></script>");
      const page = expectInert(text);
      expect(textareaText(page)).toBe(markup);
      // The item as read shows the value as JSON text, inert.
      expect(page.querySelector("li.schema-item code[id^=item-data]")!.textContent).toContain(JSON.stringify(HOSTILE));
    }
  }, 60_000);

  test("refusals come back on the page with the pasted text: no challenge 403, empty 400, too large 413, rate limit 429", async () => {
    const s = await start({ FETCH_MAX_BYTES: "2048", LIMIT_PER_IP_PER_HOUR: "1" });
    const unverified = await post(s, { markup: HOSTILE });
    expect(unverified.status).toBe(403);
    const refusedPage = expectInert(await unverified.text());
    expect(refusedPage.querySelector("#paste-error")!.textContent).toContain("Verification failed");
    expect(textareaText(refusedPage)).toBe(HOSTILE);

    const empty = await post(s, { markup: " ", challengeToken: await token(s) });
    expect(empty.status).toBe(400);
    expect(documentOf(await empty.text()).querySelector("#paste-error")!.textContent).toBe("Nothing to check: the pasted markup is empty.");

    const tooLarge = await post(s, { markup: "x".repeat(3000), challengeToken: await token(s) });
    expect(tooLarge.status).toBe(413);
    expect(documentOf(await tooLarge.text()).querySelector("#paste-error")!.textContent).toContain("at most 2048 bytes");
    const wayTooLarge = await post(s, { markup: "x".repeat(40_000), challengeToken: "none" });
    expect(wayTooLarge.status).toBe(413);

    expect((await post(s, { markup: JSON.stringify(PRODUCT), challengeToken: await token(s) })).status).toBe(200);
    const limited = await post(s, { markup: JSON.stringify(PRODUCT), challengeToken: await token(s) });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).not.toBeNull();
    const error = documentOf(await limited.text()).querySelector("#paste-error")!;
    expect(error.textContent).toContain("at most 1 check of pasted markup from your address per hour");
    expect(error.querySelectorAll(".countdown")).toHaveLength(1);
    expect(error.textContent).not.toContain("Try again in");
  }, 90_000);

  test("the visibility service serves no paste form", async () => {
    service = await createTestRuntime({}, { runWorker: false });
    expect((await service.request("/check")).status).toBe(404);
    expect(documentOf(await (await service.request("/")).text()).querySelector('a[href="/check"]')).toBeNull();
  });
});
