import { describe, expect, test } from "bun:test";
import { decodeArtifacts, encodeArtifacts } from "../../src/scans/stored-artifacts.ts";

describe("stored artifacts", () => {
  test("are read back as they were gathered", () => {
    const artifacts = { version: 7, homepage: { ok: true, html: "<html><body>Grüße, 世界 \u0000 \"quoted\"</body></html>" }, probes: [1, 2, null] };
    const stored = encodeArtifacts(artifacts);
    expect(stored).toStartWith("gzip-base64:");
    expect(decodeArtifacts(stored!)).toEqual(artifacts);
  });

  test("a scan without artifacts stores none", () => {
    expect(encodeArtifacts(null)).toBeNull();
    expect(encodeArtifacts(undefined)).toBeNull();
  });

  test("rows stored as plain JSON before compression are still read", () => {
    expect(decodeArtifacts('{"version":3,"homepage":{"ok":false}}')).toEqual({ version: 3, homepage: { ok: false } });
  });

  test("a hostile page's NUL bytes, 30 MB as JSON, are stored in a few hundred kilobytes", () => {
    const html = "\u0000".repeat(5 * 1024 * 1024);
    expect(JSON.stringify({ html }).length).toBeGreaterThan(30_000_000);
    const stored = encodeArtifacts({ homepage: { html } })!;
    expect(stored.length).toBeLessThan(300_000);
    expect((decodeArtifacts(stored) as { homepage: { html: string } }).homepage.html).toBe(html);
  });

  test("damaged rows throw instead of yielding other data", () => {
    const stored = encodeArtifacts({ a: 1 })!;
    expect(() => decodeArtifacts(`${stored.slice(0, 20)}`)).toThrow();
    expect(() => decodeArtifacts("gzip-base64:not compressed at all")).toThrow();
    expect(() => decodeArtifacts("{not json")).toThrow();
  });
});
