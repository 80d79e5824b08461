/**
 * The home page and the scan pages promise only what this server does: with OFFSITE_CHECKS=off they
 * neither list off-site presence nor promise a scan time, and say that presence is not scored.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, fakeDns, type TestRuntime } from "../helpers/test-runtime.ts";

let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function page(path: string, offsite: "on" | "off") {
  runtime = await createTestRuntime({ OFFSITE_CHECKS: offsite }, { runWorker: false, lookup: fakeDns() });
  const text = await (await runtime.request(path)).text();
  return { text, document: parseHTML(text).document };
}

const checkTitles = (document: Document) => Array.from(document.querySelectorAll("ul.checks li strong")).map((node) => node.textContent);

describe("the home page follows OFFSITE_CHECKS", () => {
  test("off: no off-site presence in the list or the progress template, a note saying so, and no time promised", async () => {
    const { text, document } = await page("/", "off");
    const titles = checkTitles(document);
    expect(titles.length).toBeGreaterThanOrEqual(6);
    expect(titles.some((title) => /presence/i.test(title ?? ""))).toBe(false);
    const template = document.querySelector("template#scan-checks") as unknown as { innerHTML: string };
    expect(template.innerHTML).not.toContain("Wikidata");
    expect(text).toContain("off-site presence is not part of its scores");
    expect(text).not.toContain("half a minute");
    expect(text).not.toContain("known about it elsewhere");
  });

  test("on: off-site presence is listed and no note is shown", async () => {
    const { text, document } = await page("/", "on");
    expect(checkTitles(document).some((title) => /presence/i.test(title ?? ""))).toBe(true);
    expect(text).toContain("Wikidata");
    expect(text).not.toContain("not part of its scores");
    expect(text).not.toContain("half a minute");
  });

  test("the page of a domain never scanned promises no scan time and lists only what is checked", async () => {
    const { text, document } = await page("/report/never.test", "off");
    expect(text).toContain("never.test has not been scanned yet");
    expect(text).not.toContain("half a minute");
    const template = document.querySelector("template#scan-checks") as unknown as { innerHTML: string };
    expect(template.innerHTML).not.toContain("Wikidata");
  });
});
