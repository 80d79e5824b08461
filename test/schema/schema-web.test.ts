/**
 * The schema service's web pages through the whole app: the home page in the service's words, a report
 * with items, errors, eligibility and suggested JSON-LD with copy buttons, a failed scan, the badge,
 * and hostile page content (JSON-LD values, titles, URLs) rendered inert.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { failedRecord } from "../../src/analyzers/schema/failed-record.ts";
import type { SchemaRecord } from "../../src/analyzers/schema/record-schema.ts";
import { insertScan } from "../../src/store/scans-repo.ts";
import type { Db } from "../../src/store/database.ts";
import { analyzeHtml } from "../analyzers/schema/analyze-fixtures.ts";
import { BROKEN_PAGE, PRODUCT_PAGE } from "../fixtures/schema-pages/pages.ts";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { HOSTILE_STRINGS, HOSTILE_TEXT } from "../web/hostile-content.ts";
import { expectInert } from "../web/inert-html.ts";

const NOW = Date.parse("2026-11-20T13:00:00.000Z");
let service: TestRuntime | undefined;
afterEach(async () => {
  await service?.close();
  service = undefined;
});

async function start() {
  service = await createTestRuntime({ SERVICE: "schema", PUBLIC_URL: "https://schema.example.org" }, { now: () => NOW, runWorker: false });
  return service;
}

async function store(db: Db, record: SchemaRecord) {
  await insertScan(db, {
    domain: record.domain,
    status: record.status,
    score: record.result?.summary.eligible ?? null,
    scannedAt: Date.parse(record.scannedAt),
    recordJson: JSON.stringify(record),
    artifactsJson: null,
    caller: { kind: "pipeline" },
  });
}

function okRecord(domain: string, html: string, url: string): SchemaRecord {
  return { domain, status: "ok", scannedAt: new Date(NOW - 3_600_000).toISOString(), result: analyzeHtml(html, url) };
}

async function page(path: string) {
  const response = await service!.request(path);
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

describe("schema web pages", () => {
  test("the home page speaks of structured data and asks for a page URL", async () => {
    await start();
    const { response, text } = await page("/");
    expect(response.status).toBe(200);
    expect(text).toContain("Page URL");
    expect(text).toContain("Rich-result eligibility");
  });

  test("a report lists every item with its errors and eligibility, and the suggested JSON-LD with a copy button", async () => {
    const s = await start();
    await store(s.runtime.db, okRecord("shop.test", BROKEN_PAGE, "https://shop.test/broken"));
    const { response, document, text } = await page("/report/shop.test");
    expect(response.status).toBe(200);
    expect(document.querySelector("h1")!.textContent).toBe("shop.test");
    expect(document.querySelectorAll("li.schema-item").length).toBe(5);
    expect(text).toContain("&quot;Prodcut&quot; is not a schema.org type.");
    expect(text).toContain("could not be read");
    expect(text).toContain("Merchant listing");

    await store(s.runtime.db, okRecord("good.test", PRODUCT_PAGE.replace('<script type="application/ld+json">', '<script type="text/plain">'), "https://good.test/p/1"));
    const product = await page("/report/good.test");
    const code = product.document.querySelector("ol.generated code")!;
    expect(code.textContent).toContain('"@type": "Product"');
    expect(code.textContent).toStartWith('<script type="application/ld+json">');
    const button = product.document.querySelector("ol.generated button[data-copy-target]")!;
    expect(button.getAttribute("data-copy-target")).toBe(code.getAttribute("id"));
  });

  test("each rich result shows its verdict, Google's status and the reasons; a deprecated FAQ is not counted", async () => {
    const s = await start();
    const html = `<html><head><title>Help</title>
<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "FAQPage", mainEntity: { "@type": "Question", name: "Open?", acceptedAnswer: { "@type": "Answer", text: "Yes." } } })}</script>
<script type="application/ld+json">${JSON.stringify({ "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: { "@type": "ListItem", position: 1, name: "Home", item: "https://faq.test/" } })}</script>
</head><body></body></html>`;
    const record = okRecord("faq.test", html, "https://faq.test/help");
    expect(record.result!.summary).toMatchObject({ eligible: 0, deprecated: 1 });
    await store(s.runtime.db, record);
    const { document, text } = await page("/report/faq.test");
    const [faq, breadcrumb] = Array.from(document.querySelectorAll("li.rich-result"));
    expect(faq!.className).toContain("verdict-deprecated");
    expect(faq!.querySelector(".status")!.textContent).toBe("no longer shown");
    expect(faq!.textContent).toContain("no longer shown by Google since 7 May 2026");
    expect(faq!.querySelector("a")!.getAttribute("href")).toBe("https://developers.google.com/search/docs/appearance/structured-data/faqpage");
    expect(faq!.textContent).toContain("checked 2026-11-23");
    expect(breadcrumb!.querySelector(".status")!.textContent).toBe("not eligible");
    const required = breadcrumb!.querySelector("li.reason-required")!;
    expect(required.querySelector("code")!.textContent).toBe("itemListElement");
    expect(required.textContent).toContain("at least two ListItems");
    expect(text).toContain("<strong>1</strong> no longer shown by Google");
    expectInert(text);
  });

  test("a record stored before verdicts existed still shows its eligibility", async () => {
    const s = await start();
    const record = okRecord("old.test", PRODUCT_PAGE, "https://old.test/p/1");
    for (const item of record.result!.items) {
      item.eligibility = item.eligibility.map(({ feature, eligible, missingRequired, missingRecommended }) => ({ feature, eligible, missingRequired, missingRecommended }));
    }
    await store(s.runtime.db, record);
    const { document } = await page("/report/old.test");
    const verdicts = Array.from(document.querySelectorAll("li.rich-result .status")).map((status) => status.textContent);
    expect(verdicts).toEqual(["eligible", "eligible", "eligible", "eligible"]);
  });

  test("a failed scan says why; the badge counts eligible rich results", async () => {
    const s = await start();
    await store(s.runtime.db, failedRecord("down.test", "The page could not be fetched (refused).", new Date(NOW - 60_000)));
    const { text } = await page("/report/down.test");
    expect(text).toContain("The scan of down.test failed");
    expect(text).toContain("could not be fetched (refused)");

    await store(s.runtime.db, failedRecord("closed.test", "The page could not be fetched (https://closed.test/: Could not connect to closed.test (192.0.2.1:443): ECONNREFUSED.).", new Date(NOW - 30_000)));
    const { document: closed } = await page("/report/closed.test");
    // The cause in one sentence and a checklist for it; the raw message only under the technical details.
    expect(closed.querySelector(".failed-reason")!.textContent).toStartWith("closed.test has an address, but the server there refused the connection");
    expect(closed.querySelector(".checklist")!.textContent).toContain("port 443");
    expect(closed.querySelector("details.failure-details li")!.textContent).toContain("ECONNREFUSED");

    await store(s.runtime.db, okRecord("good.test", PRODUCT_PAGE, "https://good.test/p/1"));
    const badge = await (await s.request("/badge/good.test.svg")).text();
    expect(badge).toContain("4 eligible");
  });

  test("hostile titles, types, property names, values and URLs from the scanned page are inert", async () => {
    const s = await start();
    const hostileJsonLd = JSON.stringify({ "@context": "https://schema.org", "@type": HOSTILE_STRINGS[0], [HOSTILE_STRINGS[1]]: HOSTILE_TEXT, name: HOSTILE_TEXT, url: HOSTILE_STRINGS[2] });
    const html = `<html><head><title>${HOSTILE_TEXT.replace(/</g, "&lt;")}</title><script type="application/ld+json">${hostileJsonLd.replace(/</g, "\\u003c")}</script></head>
<body><h1>${HOSTILE_TEXT.replace(/</g, "&lt;")}</h1><p class="price">$5</p><h2>Is ${HOSTILE_STRINGS[3].replace(/</g, "&lt;")} ok?</h2><p>${HOSTILE_TEXT.replace(/</g, "&lt;")}</p><h2>Why?</h2><p>x</p></body></html>`;
    const record = okRecord("evil.test", html, "https://evil.test/p?x=%22%3E%3Cscript%3E");
    expect(record.result!.generated.length).toBeGreaterThan(0);
    await store(s.runtime.db, record);
    const { response, text } = await page("/report/evil.test");
    expect(response.status).toBe(200);
    expectInert(text);
    expect(text).not.toContain('<img src=x');
    expect(text).not.toContain("<svg onload");
    // Shown, escaped: not silently dropped.
    expect(text).toContain("&lt;script&gt;alert(");
  });
});
