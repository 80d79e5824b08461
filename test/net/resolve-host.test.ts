import { describe, expect, test } from "bun:test";
import { BlockedAddressError, resolveHost, type Lookup } from "../../src/net/resolve-host.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import { FetchError } from "../../src/net/fetch-types.ts";

/** A fake DNS: names map to their records; anything else is NXDOMAIN. Records every question. */
function fakeDns(records: Record<string, string[]>): Lookup & { asked: string[] } {
  const asked: string[] = [];
  const lookup = async (hostname: string) => {
    asked.push(hostname);
    const addresses = records[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
  };
  return Object.assign(lookup, { asked });
}

async function failure(promise: Promise<unknown>): Promise<FetchError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  if (!(error instanceof FetchError)) throw new Error(`expected a FetchError, got ${String(error)}`);
  return error;
}

describe("resolveHost", () => {
  const dns = fakeDns({
    "public.test": ["93.184.216.34", "2606:2800:220:1::1"],
    "mixed.test": ["93.184.216.34", "10.0.0.7"],
    "mixed6.test": ["93.184.216.34", "fd00::7"],
    "empty.test": [],
    "good.test": ["10.9.9.9"],
  });

  test("returns the first record of a name whose every record is public", async () => {
    expect(await resolveHost("public.test", 443, { connectTo: [], lookup: dns })).toEqual({ address: "93.184.216.34", port: 443, trusted: false });
  });

  test("refuses a name with one public and one private record", async () => {
    const error = await failure(resolveHost("mixed.test", 443, { connectTo: [], lookup: dns }));
    expect(error.code).toBe("blocked-address");
    expect(error.message).toBe("mixed.test resolves to a private or reserved address, which cannot be scanned.");
    expect((await failure(resolveHost("mixed6.test", 80, { connectTo: [], lookup: dns }))).code).toBe("blocked-address");
  });

  test("a refusal names the host, never the address; the address is kept for the operator's log only", async () => {
    const error = await failure(resolveHost("mixed6.test", 80, { connectTo: [], lookup: dns, url: "http://mixed6.test/" }));
    expect(error).toBeInstanceOf(BlockedAddressError);
    expect(error.message).toBe("mixed6.test resolves to a private or reserved address, which cannot be scanned.");
    expect((error as BlockedAddressError).address).toBe("fd00::7");
    // Nothing that copies or serialises the error carries the address on.
    expect(JSON.stringify(error)).not.toContain("fd00");
    expect(JSON.stringify({ ...error })).not.toContain("fd00");
    expect(String(error)).not.toContain("fd00");
    expect(JSON.stringify(structuredClone(error))).not.toContain("fd00");
    expect(Object.keys(error)).not.toContain("address");
  });

  test("a SCAN_CONNECT_TO name skips DNS and the address check", async () => {
    const local = fakeDns({});
    const connectTo = parseConnectTo(["good.test:443:127.0.0.1:8443"]);
    expect(await resolveHost("Good.Test", 443, { connectTo, lookup: local })).toEqual({ address: "127.0.0.1", port: 8443, trusted: true });
    expect(local.asked).toEqual([]);
  });

  test("a port SCAN_CONNECT_TO does not list for a listed name is refused like a closed port, without DNS", async () => {
    const local = fakeDns({ "good.test": ["93.184.216.34"] });
    const connectTo = parseConnectTo(["good.test:443:127.0.0.1:8443"]);
    const error = await failure(resolveHost("good.test", 80, { connectTo, lookup: local, url: "http://good.test/" }));
    expect(error.code).toBe("connect");
    expect(error.message).toBe("Could not connect to good.test on port 80: connection refused (SCAN_CONNECT_TO routes good.test only for port 443).");
    expect(error.url).toBe("http://good.test/");
    expect(local.asked).toEqual([]);
  });

  test.each([
    ["an http-only site on https", ["plain.test:80:127.0.0.1:8080"], "plain.test", 443, "port 80"],
    ["another port", ["plain.test:80:127.0.0.1:8080", "PLAIN.test.:443:127.0.0.1:8443"], "Plain.Test.", 8443, "ports 80, 443"],
    ["a repeated rule", ["plain.test:80:127.0.0.1:8080", "plain.test:80:127.0.0.1:8081"], "plain.test", 443, "port 80"],
  ])("the unlisted port: %s", async (_name, entries, host, port, listed) => {
    const local = fakeDns({ "plain.test": ["93.184.216.34"] });
    const error = await failure(resolveHost(host, port, { connectTo: parseConnectTo(entries), lookup: local }));
    expect(error.code).toBe("connect");
    expect(error.message).toEndWith(`only for ${listed}).`);
    expect(local.asked).toEqual([]);
  });

  test("a rule for one name says nothing about another: www. and other names still use DNS", async () => {
    const local = fakeDns({ "www.plain.test": ["93.184.216.34"] });
    const connectTo = parseConnectTo(["plain.test:80:127.0.0.1:8080"]);
    expect(await resolveHost("www.plain.test", 443, { connectTo, lookup: local })).toEqual({ address: "93.184.216.34", port: 443, trusted: false });
    expect(local.asked).toEqual(["www.plain.test"]);
  });

  test("a name that does not resolve, or has no records, is a dns error", async () => {
    const missing = await failure(resolveHost("missing.test", 443, { connectTo: [], lookup: dns }));
    expect(missing.code).toBe("dns");
    expect(missing.message).toBe("missing.test does not resolve.");
    expect((await failure(resolveHost("empty.test", 443, { connectTo: [], lookup: dns }))).code).toBe("dns");
  });

  test.each([["127.0.0.1"], ["[::1]"], ["::1"], ["2130706433"], ["0x7f.1"], ["0177.0.0.1"], ["169.254.169.254"], ["[::ffff:127.0.0.1]"], ["[64:ff9b::a9fe:a9fe]"]])(
    "refuses the address literal %s without asking DNS",
    async (host) => {
      const local = fakeDns({});
      const error = await failure(resolveHost(host, 80, { connectTo: [], lookup: local }));
      expect(error.code).toBe("blocked-address");
      expect(error.message).toBe(`${host} resolves to a private or reserved address, which cannot be scanned.`);
      expect(local.asked).toEqual([]);
    },
  );

  test("accepts a public address literal without asking DNS", async () => {
    const local = fakeDns({});
    expect(await resolveHost("8.8.8.8", 443, { connectTo: [], lookup: local })).toEqual({ address: "8.8.8.8", port: 443, trusted: false });
    expect((await resolveHost("[2606:4700:4700::1111]", 443, { connectTo: [], lookup: local })).address).toBe("2606:4700:4700::1111");
    expect(local.asked).toEqual([]);
  });

  test("asks DNS for the lower-cased name and carries the URL in its errors", async () => {
    const error = await failure(resolveHost("Mixed.TEST", 443, { connectTo: [], lookup: dns, url: "https://mixed.test/x" }));
    expect(dns.asked).toContain("mixed.test");
    expect(error.url).toBe("https://mixed.test/x");
  });

  test("refuses a host that is not a host name", async () => {
    expect((await failure(resolveHost("bad host", 443, { connectTo: [], lookup: dns }))).code).toBe("invalid-url");
  });
});

describe("the system resolver", () => {
  test("answers for localhost (from the hosts file), whose loopback address is refused", async () => {
    const error = await failure(resolveHost("localhost", 80, { connectTo: [] }));
    expect(error.code).toBe("blocked-address");
    expect(error.message).toBe("localhost resolves to a private or reserved address, which cannot be scanned.");
    expect((error as BlockedAddressError).address).toMatch(/^(127\.0\.0\.1|::1)$/);
  });
});
