import { describe, expect, test } from "bun:test";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import type { Lookup } from "../../src/net/resolve-host.ts";
import { LOCAL_SITE_HINT } from "../../src/scans/local-site-hint.ts";
import { checkTargetResolves } from "../../src/scans/resolve-target.ts";

function countingLookup(records: Record<string, string[]>): { lookup: Lookup; asked: string[] } {
  const asked: string[] = [];
  const lookup: Lookup = async (hostname) => {
    asked.push(hostname);
    const addresses = records[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
    return addresses.map((address) => ({ address, family: address.includes(":") ? (6 as const) : (4 as const) }));
  };
  return { lookup, asked };
}

describe("checkTargetResolves", () => {
  test("a name that does not resolve is looked up once, and its www. name once", async () => {
    const { lookup, asked } = countingLookup({});
    const outcome = await checkTargetResolves("nowhere.example", { connectTo: [], lookup });
    expect(outcome).toEqual({ ok: false, error: `nowhere.example does not resolve. ${LOCAL_SITE_HINT}` });
    expect(asked).toEqual(["nowhere.example", "www.nowhere.example"]);
  });

  test("a domain reached only through www. is accepted", async () => {
    const { lookup } = countingLookup({ "www.only-www.example": ["93.184.215.14"] });
    expect(await checkTargetResolves("only-www.example", { connectTo: [], lookup })).toEqual({ ok: true });
  });

  test("a name with a SCAN_CONNECT_TO rule on any port is accepted without a DNS look-up", async () => {
    for (const entry of ["plain.test:80:127.0.0.1:8080", "plain.test:443:127.0.0.1:8443", "plain.test:8080:127.0.0.1:8080"]) {
      const { lookup, asked } = countingLookup({});
      expect(await checkTargetResolves("plain.test", { connectTo: parseConnectTo([entry]), lookup })).toEqual({ ok: true });
      expect(asked).toEqual([]);
    }
  });

  test("a rule for the www. name alone is enough, after the bare name was asked", async () => {
    const { lookup, asked } = countingLookup({});
    const connectTo = parseConnectTo(["www.only-www.test:80:127.0.0.1:8080"]);
    expect(await checkTargetResolves("only-www.test", { connectTo, lookup })).toEqual({ ok: true });
    expect(asked).toEqual(["only-www.test"]);
  });

  test("a private address is decisive: the www. name is not tried", async () => {
    const { lookup, asked } = countingLookup({ "inside.example": ["10.0.0.5"], "www.inside.example": ["93.184.215.14"] });
    const outcome = await checkTargetResolves("inside.example", { connectTo: [], lookup });
    expect(outcome.ok).toBe(false);
    expect(asked).toEqual(["inside.example"]);
  });

  test("a name server that never answers is given up on: a clear 400 instead of a hung request", async () => {
    const silent: Lookup = () => new Promise(() => {});
    const outcome = await checkTargetResolves("slow-dns.example", { connectTo: [], lookup: silent, timeoutMs: 50 });
    expect(outcome).toEqual({ ok: false, error: `slow-dns.example did not resolve within 0.05 seconds. ${LOCAL_SITE_HINT}` });
  });
});
