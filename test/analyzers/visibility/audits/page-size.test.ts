import { describe, expect, test } from "bun:test";
import { runAudit } from "../../../../src/analyzers/visibility/audits/run-audit.ts";
import { pageSize } from "../../../../src/analyzers/visibility/audits/render/page-size.ts";
import { homepage, page, site } from "../sample-site.ts";

const MiB = 1024 * 1024;
const sized = (overrides: Parameters<typeof homepage>[0]) => runAudit(pageSize, site({ homepage: homepage({ html: page(), ...overrides }) }));

describe("page-size", () => {
  test("a page read whole under Googlebot's 2 MB passes", () => {
    expect(sized({ bytesRead: 40 * 1024 })).toMatchObject({ status: "pass", detail: "The homepage's HTML is 40 KB, read whole; Googlebot reads the first 2 MB of an HTML file for Google Search (Google's other crawlers and fetchers, 15 MB)." });
  });

  test("read whole but over 2 MB (a larger FETCH_MAX_BYTES) fails on Googlebot's limit, with no cut to report", () => {
    const outcome = sized({ bytesRead: 3 * MiB });
    expect(outcome.status).toBe("fail");
    expect(outcome.detail).toStartWith("The homepage's HTML is 3.0 MB. Googlebot reads only the first 2 MB");
    expect(outcome.detail).not.toContain("The scan read");
  });

  test("cut under 2 MB with no length announced: a warning that says what is unknown and where the scan cut", () => {
    const outcome = sized({ bytesRead: MiB, truncated: true, cutByBudget: true });
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toBe(
      "The homepage's HTML is larger than 1.0 MB (its length was not announced). Whether it is over the 2 MB Googlebot reads for Google Search is unknown; other AI crawlers publish no limit, and a page this large is slow to fetch for agents working while a person waits. " +
        "The scan read its first 1.0 MB, where its memory budget (SCAN_MEMORY_MB) ran out, and judged only that part.",
    );
  });

  test("a compressed Content-Length is not the HTML's size", () => {
    const outcome = sized({ bytesRead: 2 * MiB, truncated: true, headers: { "content-type": "text/html", "content-length": "300000", "content-encoding": "gzip" } });
    expect(outcome.status).toBe("fail");
    expect(outcome.detail).toStartWith("The homepage's HTML is larger than 2.0 MB (sent as 293 KB compressed).");
    expect(outcome.evidence).toEqual(["read: 2.0 MB (cut)", "Content-Length: 300000 bytes (gzip)"]);
  });
});
