/**
 * Issue 28: the schema and the visibility service had the same header, so two open tabs could not be told
 * apart. Every page names its service in the header and the title.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { okRecord, storeRecord } from "./record-fixtures.ts";

let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

const PAGES = ["/", "/account/login", "/account/signup", "/admin/login", "/no-such-page", "/compare"];

async function namesOf(path: string): Promise<{ title: string; badge: string | null }> {
  const response = await runtime!.request(path, { headers: { accept: "text/html" } });
  const { document } = parseHTML(await response.text());
  if (!document.querySelector("title")) throw new Error(`${path} answered ${response.status} without a page`);
  return { title: document.querySelector("title")!.textContent!, badge: document.querySelector("header .brand .brand-service")?.textContent ?? null };
}

describe("the service's name on every page", () => {
  test("the visibility service: AI visibility in the header and the title", async () => {
    runtime = await createTestRuntime();
    await storeRecord(runtime.runtime.db, okRecord("named.test", 80));
    for (const path of [...PAGES, "/report/named.test", "/checks", "/checks/ai-platform-reach"]) {
      const names = await namesOf(path);
      expect(names.badge).toBe("AI visibility");
      expect(names.title.toLowerCase()).toContain("ai visibility");
    }
  });

  test("the schema service: Schema markup in the header and the title", async () => {
    runtime = await createTestRuntime({ SERVICE: "schema" });
    for (const path of [...PAGES.filter((path) => path !== "/compare"), "/check"]) {
      const names = await namesOf(path);
      expect(names.badge).toBe("Schema markup");
      expect(names.title.toLowerCase()).toContain("schema markup");
    }
  });
});
