/**
 * An http-only site reached through a SCAN_CONNECT_TO rule for port 80 alone, through the whole scan
 * path in process (POST /api/scan → worker → safe fetcher → record). https on that name is refused like
 * a closed port, never looked up in public DNS, so the scanner falls back to http as it does for a real
 * http-only site, and the record says so.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { createTestRuntime, type TestRuntime } from "../helpers/test-runtime.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";
import type { Lookup } from "../../src/net/resolve-host.ts";

const TOKEN = "pipeline-token-for-http-only-0123456789";
const PAGE = `<!doctype html><html lang="en"><head><title>Plain Shop</title><meta name="description" content="A shop served over plain http."></head>
<body><h1>Plain Shop</h1><p>We sell plain things, over plain http, to anyone who asks.</p></body></html>`;

let service: TestRuntime | undefined;
let site: FixtureSite | undefined;
afterEach(async () => {
  await service?.close();
  await site?.stop();
  service = undefined;
  site = undefined;
});

/** Public DNS for the test: records every name asked and knows none of them. */
function recordingDns(): { lookup: Lookup; asked: string[] } {
  const asked: string[] = [];
  const lookup: Lookup = async (hostname) => {
    asked.push(hostname);
    throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
  };
  return { lookup, asked };
}

interface Signal {
  id: string;
  status: string;
  detail: string;
  evidence: string[];
}
interface StoredRecord {
  domain: string;
  status: string;
  result: { pillars: { signals: Signal[] }[] } | null;
}

async function waitForRecord(s: TestRuntime, domain: string): Promise<StoredRecord> {
  for (let attempt = 0; attempt < 400; attempt++) {
    const response = await s.request(`/api/report/${domain}.json`);
    if (response.status === 200) return (await response.json()) as StoredRecord;
    await response.arrayBuffer();
    await Bun.sleep(50);
  }
  throw new Error(`no record for ${domain} within 20 seconds`);
}

describe("SCAN_CONNECT_TO with only a port-80 rule", () => {
  test("the scan is accepted without DNS, https is refused, and the homepage is read over http", async () => {
    site = await startFixtureSite({ "/": PAGE, "/robots.txt": "User-agent: *\nAllow: /\n" });
    const dns = recordingDns();
    service = await createTestRuntime(
      { PIPELINE_TOKEN: TOKEN, SCAN_CONNECT_TO: site.connectTo("plain.test", 80), FETCH_TIMEOUT_MS: "5000", SCAN_TIMEOUT_MS: "20000" },
      { lookup: dns.lookup },
    );

    const started = await service.scan({ url: "http:plain.test/" }, { token: TOKEN });
    expect(started.status).toBe(202);
    expect(await started.json()).toEqual({ domain: "plain.test" });

    const record = await waitForRecord(service, "plain.test");
    expect(record.status).toBe("ok");
    const https = record.result!.pillars.flatMap((pillar) => pillar.signals).find((signal) => signal.id === "https")!;
    expect(https.status).toBe("fail");
    expect(https.evidence).toEqual(["https://plain.test/: connect", "final URL: http://plain.test/"]);
    expect(https.detail).toContain("connection refused (SCAN_CONNECT_TO routes plain.test only for port 80)");

    const homepage = site.requests.find((request) => request.path === "/");
    expect(homepage?.headers.host).toBe("plain.test");
    expect(site.requests.map((request) => request.path)).toContain("/robots.txt");
    // The listed name never reaches public DNS; other names (www.plain.test) may.
    expect(dns.asked).not.toContain("plain.test");
  }, 30_000);
});
