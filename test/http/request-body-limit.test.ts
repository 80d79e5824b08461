import { expect, test } from "bun:test";
import { maxCheckBodyBytes } from "../../src/scans/check-api.ts";
import { DEFAULT_REQUEST_BODY_BYTES, maxPasteFormBytes, requestBodyLimitBytes } from "../../src/http/request-body-limit.ts";

const MB5 = 5 * 1024 * 1024;

test("the visibility service keeps the 1 MiB cap: none of its routes takes more", () => {
  expect(requestBodyLimitBytes({ SERVICE: "visibility", FETCH_MAX_BYTES: MB5 })).toBe(DEFAULT_REQUEST_BODY_BYTES);
});

test("the schema service lets every body its check routes accept reach them, with room to refuse a larger one itself", () => {
  for (const fetchMax of [1024, 512 * 1024, MB5, 20 * 1024 * 1024]) {
    const limit = requestBodyLimitBytes({ SERVICE: "schema", FETCH_MAX_BYTES: fetchMax });
    expect(limit).toBeGreaterThan(maxPasteFormBytes(fetchMax));
    expect(limit).toBeGreaterThan(maxCheckBodyBytes(fetchMax));
    expect(limit).toBeGreaterThanOrEqual(DEFAULT_REQUEST_BODY_BYTES);
  }
});
