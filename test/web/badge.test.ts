/** GET /badge/:domain.svg: grade and score coloured by grade, a neutral badge otherwise, revalidated by ETag. */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { BADGE_COLORS } from "../../src/web/badge.ts";
import { failedRecordFor, okRecord, storeRecord } from "./record-fixtures.ts";

let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function badge(path: string, headers: Record<string, string> = {}) {
  const response = await runtime!.request(path, { headers });
  const text = await response.text();
  return { response, text, svg: parseHTML(`<html><body>${text}</body></html>`).document.querySelector("svg") };
}

describe("GET /badge/:domain.svg", () => {
  const cases = [
    { score: 95, grade: "A" },
    { score: 80, grade: "B" },
    { score: 65, grade: "C" },
    { score: 45, grade: "D" },
    { score: 12, grade: "F" },
  ] as const;
  for (const { score, grade } of cases) {
    test(`grade ${grade}: the grade and score on the grade's colour, with a text alternative`, async () => {
      runtime = await createTestRuntime();
      await storeRecord(runtime.runtime.db, okRecord(`grade-${grade.toLowerCase()}.test`, score));
      const { response, text, svg } = await badge(`/badge/grade-${grade.toLowerCase()}.test.svg`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toStartWith("image/svg+xml");
      expect(response.headers.get("cache-control")).toBe("no-cache");
      expect(response.headers.get("etag")).toMatch(/^"b-/);
      expect(svg!.getAttribute("role")).toBe("img");
      expect(svg!.querySelector("title")!.textContent).toBe(`AI visibility of grade-${grade.toLowerCase()}.test: grade ${grade}, ${score} of 100`);
      expect(text).toContain(`>${grade} · ${score}</text>`);
      expect(text).toContain(`fill="${BADGE_COLORS[grade]}"`);
      for (const other of Object.entries(BADGE_COLORS)) if (other[0] !== grade) expect(text).not.toContain(`fill="${other[1]}"`);
    });
  }

  test("a domain never scanned, a failed scan and a name that is not a domain get neutral badges", async () => {
    runtime = await createTestRuntime();
    await storeRecord(runtime.runtime.db, failedRecordFor("down.test", "refused"));
    const unknown = await badge("/badge/never.test.svg");
    expect(unknown.response.status).toBe(200);
    expect(unknown.text).toContain(">not scanned</text>");
    expect(unknown.text).toContain(`fill="${BADGE_COLORS.none}"`);
    const failed = await badge("/badge/down.test.svg");
    expect(failed.text).toContain(">scan failed</text>");
    expect(failed.text).toContain(`fill="${BADGE_COLORS.none}"`);
    const hostile = await badge(`/badge/${encodeURIComponent("<script>alert(1)</script>")}.svg`);
    expect(hostile.text).toContain(">not scanned</text>");
    expect(hostile.text).not.toContain("<script");
  });

  test("cached like the report: 304 for the same ETag, a new ETag after a new scan", async () => {
    runtime = await createTestRuntime();
    await storeRecord(runtime.runtime.db, okRecord("cache.test", 70));
    const first = await badge("/badge/cache.test.svg");
    const etag = first.response.headers.get("etag")!;
    const again = await runtime.request("/badge/cache.test.svg", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    await storeRecord(runtime.runtime.db, okRecord("cache.test", 91, "x", "2026-11-21T10:00:00.000Z"));
    const changed = await badge("/badge/cache.test.svg", { "if-none-match": etag });
    expect(changed.response.status).toBe(200);
    expect(changed.text).toContain(">A · 91</text>");
  });

  test("a .png (or any other extension) of a scanned domain is a 404 naming the SVG address, never a \"not scanned\" badge", async () => {
    runtime = await createTestRuntime();
    await storeRecord(runtime.runtime.db, okRecord("png.test", 80));
    for (const path of ["/badge/png.test.png", "/badge/png.test", "/badge/png.test.jpeg"]) {
      const response = await runtime.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get("content-type")).toStartWith("application/json");
      expect(await response.json()).toEqual({ error: "Not found", hint: "Badges are SVG images: /badge/png.test.svg" });
    }
    expect((await badge("/badge/png.test.svg")).text).toContain(">B · 80</text>");
  });
});
