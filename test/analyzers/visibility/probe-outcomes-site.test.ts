/**
 * What each probe answer proves, over loopback TLS through the real SafeFetcher: one fixture site answers the
 * browser with its page and the AI agents with what each CDN or bot-protection vendor sends (their documented
 * headers), a pay-per-crawl 402, a demand for a signature, a rate limit, or the origin's own 403.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAudit } from "../../../src/analyzers/visibility/audits/run-audit.ts";
import { BROWSER_USER_AGENT } from "../../../src/analyzers/visibility/crawlers.ts";
import { compareProbes, type ProbeVerdict } from "../../../src/analyzers/visibility/derive/probe-verdicts.ts";
import { gatherProbes } from "../../../src/analyzers/visibility/gather/probes.ts";
import { crawlerProbe } from "../../../src/analyzers/visibility/audits/access/crawler-probe.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";
import { site as sampleSite } from "./sample-site.ts";

const DOMAIN = "probes.secure.test";
const PAGE = `<!DOCTYPE html><html><head><title>Acme</title></head><body><main>${"Acme makes sturdy garden tools for small farms. ".repeat(20)}</main></body></html>`;
const INTERSTITIAL = "<!DOCTYPE html><html><head><title>One moment</title></head><body>Checking your request.</body></html>";

/** What the edge answers an AI agent, per path: status, headers, body. */
const EDGES: Record<string, [number, Record<string, string>]> = {
  "/cloudflare-challenge": [403, { server: "cloudflare", "cf-ray": "8f2b3c4d5e6f7-SJC", "cf-mitigated": "challenge" }],
  "/cloudflare-block": [403, { server: "cloudflare", "cf-ray": "8f2b3c4d5e6f7-SJC" }],
  "/akamai": [403, { server: "AkamaiGHost" }],
  "/fastly": [403, { "x-served-by": "cache-fra-etou8220054-FRA", via: "1.1 varnish" }],
  "/cloudfront": [403, { "x-amz-cf-id": "Zf2x6U3nL0nKxg==", via: "1.1 0a1b.cloudfront.net (CloudFront)" }],
  "/aws-waf": [202, { "x-amzn-waf-action": "challenge" }],
  "/vercel-challenge": [429, { server: "Vercel", "x-vercel-id": "fra1::abcde", "x-vercel-mitigated": "challenge" }],
  "/vercel-deny": [403, { server: "Vercel", "x-vercel-id": "fra1::abcde", "x-vercel-mitigated": "deny" }],
  "/imperva": [403, { "x-iinfo": "12-3456789-0 0NNN RT(1700000000000 0) q(0 -1 -1 -1) r(0 -1)", "x-cdn": "Imperva" }],
  "/sucuri": [403, { server: "Sucuri/Cloudproxy", "x-sucuri-id": "15015", "x-sucuri-block": "BOT01" }],
  "/datadome": [403, { "x-datadome": "protected", "x-dd-b": "1" }],
  "/priced": [402, { server: "cloudflare", "cf-ray": "8f2b", "crawler-price": "USD 0.01" }],
  "/signature": [401, { "accept-signature": 'sig1=("@authority");tag="web-bot-auth"' }],
  "/rate-limited": [429, { "retry-after": "120" }],
  "/origin": [403, { server: "nginx" }],
};

let fixture: FixtureSite;
const verdicts = new Map<string, ProbeVerdict[]>();
const gathered = new Map<string, Awaited<ReturnType<typeof gatherProbes>>>();

beforeAll(async () => {
  fixture = await startFixtureSite(
    Object.fromEntries(
      Object.entries(EDGES).map(([path, [status, headers]]) => [
        path,
        (request: Request) =>
          request.headers.get("user-agent") === BROWSER_USER_AGENT
            ? new Response(PAGE, { headers: { "content-type": "text/html" } })
            : new Response(INTERSTITIAL, { status, headers: { "content-type": "text/html", ...headers } }),
      ]),
    ),
    { tls: true },
  );
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([fixture.connectTo(DOMAIN)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "sightline-test", extraCaPem: testCaPem() });
  for (const path of Object.keys(EDGES)) {
    const probes = await gatherProbes({ fetcher, signal: AbortSignal.timeout(20_000) }, `https://${DOMAIN}${path}`);
    const comparison = compareProbes({ ...sampleSite(), probes });
    if (!comparison.ok) throw new Error(comparison.reason);
    verdicts.set(path, comparison.verdicts);
    gathered.set(path, probes);
  }
}, 60_000);

afterAll(() => fixture?.stop());

const of = (path: string) => verdicts.get(path)!.find((verdict) => verdict.agent === "OAI-SearchBot")!;

describe("each vendor's refusal is recognised by its documented headers", () => {
  const cases: [string, string, string][] = [
    ["/cloudflare-challenge", "challenged", "Cloudflare"],
    ["/cloudflare-block", "vendor-refused", "Cloudflare"],
    ["/akamai", "vendor-refused", "Akamai"],
    ["/fastly", "vendor-refused", "Fastly"],
    ["/cloudfront", "vendor-refused", "AWS CloudFront"],
    ["/aws-waf", "challenged", "AWS WAF"],
    ["/vercel-challenge", "challenged", "Vercel"],
    ["/vercel-deny", "vendor-refused", "Vercel"],
    ["/imperva", "vendor-refused", "Imperva"],
    ["/sucuri", "vendor-refused", "Sucuri"],
    ["/datadome", "challenged", "DataDome"],
  ];
  for (const [path, outcome, vendor] of cases) {
    test(`${path}: ${outcome} by ${vendor}`, () => {
      expect(of(path).classification).toMatchObject({ outcome, vendor: { name: vendor } });
    });
  }

  test("a vendor's refusal of an unsigned probe is inconclusive, and says what would settle it", () => {
    const verdict = of("/akamai");
    expect(verdict.kind).toBe("inconclusive");
    expect(verdict.classification.conclusive).toBe(false);
    expect(verdict.classification.settle).toContain("Akamai's verified-bot setting for OAI-SearchBot");
    expect(verdict.classification.settle).toContain("signed probe");
    const outcome = runAudit(crawlerProbe, { ...sampleSite(), probes: gathered.get("/akamai") });
    expect(outcome.status).toBe("warn");
    expect(outcome.detail).toContain("from Akamai");
    expect(outcome.detail).toContain("What would settle it");
  });
});

describe("other answers", () => {
  test("a 402 with crawler-price is priced, with the price", () => {
    expect(of("/priced")).toMatchObject({ kind: "refused", classification: { outcome: "priced", price: "USD 0.01", vendor: { name: "Cloudflare" } } });
    expect(of("/priced").text).toContain("USD 0.01");
  });

  test("Accept-Signature asks for a signed agent", () => {
    expect(of("/signature")).toMatchObject({ kind: "inconclusive", classification: { outcome: "signature-required" } });
    expect(of("/signature").classification.settle).toContain("signed probe");
  });

  test("a 429 is a rate limit, with its Retry-After, and proves nothing about the paced real crawler", () => {
    expect(of("/rate-limited")).toMatchObject({ kind: "inconclusive", classification: { outcome: "rate-limited", retryAfter: "120" } });
  });

  test("a 403 with no vendor's headers is the origin's own refusal, and conclusive", () => {
    expect(of("/origin")).toMatchObject({ kind: "refused", classification: { outcome: "origin-refused", vendor: null, conclusive: true, settle: null } });
  });
});
