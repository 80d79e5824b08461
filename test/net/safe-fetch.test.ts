import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createSafeFetcher, scannerUserAgent, type SafeFetcherOptions } from "../../src/net/safe-fetch.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { FetchError, bodyText, type SafeFetcher } from "../../src/net/fetch-types.ts";
import type { Lookup } from "../../src/net/resolve-host.ts";
import { redirect, redirectChain, redirectLoop, startFixtureSite, testCaPem, type FixtureSite } from "../helpers/fixture-server.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

/** No test may reach real DNS: any name not in SCAN_CONNECT_TO fails loudly. */
const noDns: Lookup = async (hostname) => {
  throw new Error(`unexpected DNS lookup of ${hostname}`);
};

function fetcherFor(connectTo: string[], overrides: Partial<SafeFetcherOptions> = {}): SafeFetcher {
  return createSafeFetcher({
    connectTo: parseConnectTo(connectTo),
    timeoutMs: 5000,
    maxBytes: 1024 * 1024,
    userAgent: "sightline-test/1",
    lookup: noDns,
    ...overrides,
  });
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof FetchError)) throw new Error(`expected a FetchError, got ${String(error)}`);
  return error;
}

describe("scannerUserAgent", () => {
  test("names the scanner, its version and a page about it", () => {
    expect(scannerUserAgent("https://scan.example.com/app/", "0.1.0")).toBe("Mozilla/5.0 (compatible; sightline/0.1.0; +https://scan.example.com/)");
  });
});

describe("safe fetch over http", () => {
  let site: FixtureSite;
  let fetcher: SafeFetcher;

  beforeAll(async () => {
    site = await startFixtureSite({
      "/": () =>
        new Response("<h1>héllo</h1>", {
          headers: [
            ["content-type", "text/html; charset=utf-8"],
            ["Set-Cookie", "session=secret"],
            ["X-Multi", "one"],
            ["X-Multi", "two"],
          ],
        }),
      "/compressed": () => new Response(Bun.gzipSync(new TextEncoder().encode("squeezed ".repeat(1000))), { headers: { "content-encoding": "gzip" } }),
      "/to-loopback": redirect("http://127.0.0.1/"),
      "/to-ftp": redirect("ftp://good.test/file"),
      "/relative": redirect("../"),
      "/moved": redirect("http://www.good.test/landing", 301),
      "/landing": "landed",
      ...redirectLoop("/a", "/b"),
      ...redirectChain(5, "/done"),
      "/done": "done",
    });
    fetcher = fetcherFor([site.connectTo("good.test"), site.connectTo("www.good.test")]);
  });
  afterAll(() => site.stop());

  test("connects to the SCAN_CONNECT_TO address, keeping the Host header", async () => {
    const before = site.requests.length;
    const result = await fetcher.fetch("http://good.test/");
    expect(result.status).toBe(200);
    expect(bodyText(result)).toBe("<h1>héllo</h1>");
    expect(result.url).toBe("http://good.test/");
    expect(result.finalUrl).toBe("http://good.test/");
    expect(result.remoteAddress).toBe("127.0.0.1");
    expect(result.truncated).toBe(false);
    expect(result.redirects).toEqual([]);
    expect(result.timing.ttfbMs).toBeGreaterThanOrEqual(0);
    expect(result.timing.totalMs).toBeGreaterThanOrEqual(result.timing.ttfbMs);
    const seen = site.requests[before];
    expect(seen?.headers.host).toBe("good.test");
    expect(seen?.headers["user-agent"]).toBe("sightline-test/1");
    expect(seen?.headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  test("lower-cases header names, joins repeats and drops set-cookie", async () => {
    const { headers } = await fetcher.fetch("http://good.test/");
    expect(headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(headers["x-multi"]).toBe("one, two");
    expect(headers["set-cookie"]).toBeUndefined();
    expect(Object.keys(headers).every((name) => name === name.toLowerCase())).toBe(true);
  });

  test("a caller's User-Agent replaces the scanner's, and the Host header cannot be overridden", async () => {
    const before = site.requests.length;
    await fetcher.fetch("http://good.test/", { userAgent: "GPTBot/1.0", headers: { host: "evil.test", accept: "text/plain" } });
    expect(site.requests[before]?.headers).toMatchObject({ "user-agent": "GPTBot/1.0", host: "good.test", accept: "text/plain" });
  });

  test("HEAD returns the headers and an empty body", async () => {
    const before = site.requests.length;
    const result = await fetcher.fetch("http://good.test/", { method: "HEAD" });
    expect(site.requests[before]?.method).toBe("HEAD");
    expect(result.status).toBe(200);
    expect(result.body.length).toBe(0);
  });

  test("decompresses a gzip body", async () => {
    const result = await fetcher.fetch("http://good.test/compressed");
    expect(bodyText(result)).toBe("squeezed ".repeat(1000));
  });

  test("follows a redirect to another trusted name and lists the hop", async () => {
    const result = await fetcher.fetch("http://good.test/moved");
    expect(result.status).toBe(200);
    expect(result.finalUrl).toBe("http://www.good.test/landing");
    expect(result.redirects).toEqual([{ url: "http://good.test/moved", status: 301 }]);
    expect(bodyText(result)).toBe("landed");
  });

  test("resolves a relative Location against the current URL", async () => {
    const result = await fetcher.fetch("http://good.test/relative");
    expect(result.finalUrl).toBe("http://good.test/");
  });

  test("with followRedirects false returns the redirect itself", async () => {
    const result = await fetcher.fetch("http://good.test/moved", { followRedirects: false });
    expect(result.status).toBe(301);
    expect(result.headers.location).toBe("http://www.good.test/landing");
    expect(result.redirects).toEqual([]);
  });

  test("re-validates every hop: a redirect from a trusted name to 127.0.0.1 is blocked", async () => {
    const error = await failure(fetcher.fetch("http://good.test/to-loopback"));
    expect(error.code).toBe("blocked-address");
    expect(error.url).toBe("http://127.0.0.1/");
  });

  test("a redirect to a scheme other than http(s) is refused", async () => {
    expect((await failure(fetcher.fetch("http://good.test/to-ftp"))).code).toBe("invalid-url");
  });

  test("a redirect loop is refused", async () => {
    const error = await failure(fetcher.fetch("http://good.test/a"));
    expect(error.code).toBe("too-many-redirects");
    expect(error.message).toContain("loop");
  });

  test("follows five redirects", async () => {
    const result = await fetcher.fetch("http://good.test/hop/1");
    expect(result.finalUrl).toBe("http://good.test/done");
    expect(result.redirects.map((hop) => hop.url)).toEqual([1, 2, 3, 4, 5].map((hop) => `http://good.test/hop/${hop}`));
  });

  test("refuses a sixth redirect", async () => {
    const six = await startFixtureSite({ ...redirectChain(6, "/done"), "/done": "done" });
    try {
      const error = await failure(fetcherFor([six.connectTo("six.test")]).fetch("http://six.test/hop/1"));
      expect(error.code).toBe("too-many-redirects");
      expect(six.requests.map((request) => request.path)).not.toContain("/done");
    } finally {
      await six.stop();
    }
  });

  test("refuses URLs with user info, other schemes and nonsense, without connecting", async () => {
    const before = site.requests.length;
    for (const url of ["http://user:pass@good.test/", "http://user@good.test/"]) {
      const error = await failure(fetcher.fetch(url));
      expect(error.code).toBe("invalid-url");
      expect(error.url).not.toContain("pass");
    }
    expect((await failure(fetcher.fetch("ftp://good.test/"))).code).toBe("invalid-url");
    expect((await failure(fetcher.fetch("file:///etc/passwd"))).code).toBe("invalid-url");
    expect((await failure(fetcher.fetch("not a url"))).code).toBe("invalid-url");
    expect(site.requests.length).toBe(before);
  });

  test("refuses an address-literal URL on a private address", async () => {
    for (const url of [site.url, "http://2130706433/", "http://[::1]/", "http://169.254.169.254/latest/meta-data/"]) {
      expect((await failure(fetcher.fetch(url))).code).toBe("blocked-address");
    }
  });

  test("a name outside SCAN_CONNECT_TO goes through DNS and its answer is vetted", async () => {
    const fetcher = fetcherFor([], { lookup: async () => [{ address: "127.0.0.1", family: 4 }] });
    expect((await failure(fetcher.fetch(`http://rebind.test:${site.port}/`))).code).toBe("blocked-address");
  });

  test("a DNS failure is a dns error", async () => {
    expect((await failure(fetcherFor([]).fetch("http://nowhere.test/"))).code).toBe("dns");
  });

  test("a name listed for port 80 alone: https is refused as a closed port is, without DNS, and http answers", async () => {
    const asked: string[] = [];
    const recordingDns: Lookup = async (hostname) => {
      asked.push(hostname);
      return [{ address: "93.184.215.14", family: 4 }];
    };
    const plain = fetcherFor([site.connectTo("plain.test", 80)], { lookup: recordingDns });
    const error = await failure(plain.fetch("https://plain.test/"));
    expect(error.code).toBe("connect");
    expect(error.message).toBe("Could not connect to plain.test on port 443: connection refused (SCAN_CONNECT_TO routes plain.test only for port 80).");
    expect(error.url).toBe("https://plain.test/");
    expect((await failure(plain.fetch("http://plain.test:8080/"))).code).toBe("connect");
    expect((await plain.fetch("http://plain.test/")).status).toBe(200);
    expect(asked).toEqual([]);
  });

  test("a redirect to a port the name is not listed for stops there with a connect error", async () => {
    const hop = await startFixtureSite({ "/": redirect("https://hop.test/secure") });
    try {
      const error = await failure(fetcherFor([hop.connectTo("hop.test", 80)]).fetch("http://hop.test/"));
      expect(error.code).toBe("connect");
      expect(error.url).toBe("https://hop.test/secure");
    } finally {
      await hop.stop();
    }
  });

  test("a refused connection is a connect error", async () => {
    const closed = await startFixtureSite({});
    const connectTo = closed.connectTo("closed.test");
    await closed.stop();
    expect((await failure(fetcherFor([connectTo]).fetch("http://closed.test/"))).code).toBe("connect");
  });

  test("a refused SCAN_CONNECT_TO name's message never names the operator's address it was routed to", async () => {
    const closed = await startFixtureSite({});
    const connectTo = closed.connectTo("closed.test");
    await closed.stop();
    const error = await failure(fetcherFor([connectTo]).fetch("http://closed.test/"));
    expect(error.message).toStartWith("Could not connect to closed.test: ");
    expect(error.message).not.toContain("127.0.0.1");
    expect(JSON.stringify(error)).not.toContain("127.0.0.1");
  });
});

describe("safe fetch over https", () => {
  let site: FixtureSite;

  beforeAll(async () => {
    site = await startFixtureSite({ "/": "secure" }, { tls: true });
  });
  afterAll(() => site.stop());

  test("connects to the mapped address with the TLS name and Host header of the site", async () => {
    const fetcher = fetcherFor([site.connectTo("secure.test")], { extraCaPem: testCaPem() });
    const before = site.requests.length;
    const result = await fetcher.fetch("https://secure.test/");
    expect(result.status).toBe(200);
    expect(bodyText(result)).toBe("secure");
    expect(result.remoteAddress).toBe("127.0.0.1");
    expect(site.requests[before]?.headers.host).toBe("secure.test");
  });

  test("verifies the certificate against the site's name, not the address connected to", async () => {
    // The certificate covers 127.0.0.1 but not evil.test: a match on the address must not be enough.
    const fetcher = fetcherFor([site.connectTo("evil.test")], { extraCaPem: testCaPem() });
    const error = await failure(fetcher.fetch("https://evil.test/"));
    expect(error.code).toBe("tls");
  });

  test("refuses a certificate from an untrusted CA", async () => {
    const error = await failure(fetcherFor([site.connectTo("secure.test")]).fetch("https://secure.test/"));
    expect(error.code).toBe("tls");
  });

  test("trusts the CA in NODE_EXTRA_CA_CERTS, as the service does at run time", async () => {
    const script = `
      import { createSafeFetcher } from ${JSON.stringify(`${import.meta.dir}/../../src/net/safe-fetch.ts`)};
      import { parseConnectTo } from ${JSON.stringify(`${import.meta.dir}/../../src/net/connect-to.ts`)};
      const fetcher = createSafeFetcher({ connectTo: parseConnectTo(process.env.RULES.split(",")), timeoutMs: 5000, maxBytes: 1024, userAgent: "t",
        lookup: async () => { throw new Error("no DNS in tests"); } });
      const good = await fetcher.fetch("https://secure.test/");
      const bad = await fetcher.fetch("https://evil.test/").catch((error) => error.code);
      console.log(JSON.stringify({ status: good.status, bad }));
    `;
    const child = Bun.spawn([process.execPath, "-e", script], {
      env: childEnv({ NODE_EXTRA_CA_CERTS: `${import.meta.dir}/../fixtures/tls/ca-cert.pem`, RULES: `${site.connectTo("secure.test")},${site.connectTo("evil.test")}` }),
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
    expect(stderr).toBe("");
    expect(JSON.parse(stdout)).toEqual({ status: 200, bad: "tls" });
  });
});

describe("safe fetch to an IPv6 SCAN_CONNECT_TO address", () => {
  test("connects to [::1] with the site's Host header", async () => {
    const server = Bun.serve({ hostname: "::1", port: 0, fetch: (request) => new Response(`host=${request.headers.get("host")}`) });
    try {
      const fetcher = fetcherFor([`six.test:8080:[::1]:${server.port}`]);
      const result = await fetcher.fetch("http://six.test:8080/");
      expect(bodyText(result)).toBe("host=six.test:8080");
      expect(result.remoteAddress).toBe("::1");
    } finally {
      await server.stop(true);
    }
  });
});

describe("the SafeFetcher contract", () => {
  test("rejects with a FetchError even when the caller passes an invalid header", async () => {
    const site = await startFixtureSite({ "/": "ok" });
    try {
      const error = await failure(fetcherFor([site.connectTo("good.test")]).fetch("http://good.test/", { headers: { "bad header": "x" } }));
      expect(error).toBeInstanceOf(FetchError);
      expect(site.requests).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});
