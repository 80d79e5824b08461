import { describe, expect, test } from "bun:test";
import { connectToPorts, findConnectTo, parseConnectTo } from "../../src/net/connect-to.ts";

describe("parseConnectTo", () => {
  test("parses curl --connect-to entries, lower-casing the host", () => {
    expect(parseConnectTo(["Good.Test:443:127.0.0.1:8443", "plain.test:80:10.0.0.5:8080"])).toEqual([
      { host: "good.test", port: 443, address: "127.0.0.1", connectPort: 8443 },
      { host: "plain.test", port: 80, address: "10.0.0.5", connectPort: 8080 },
    ]);
  });

  test("takes an IPv6 address in brackets and stores it without them", () => {
    expect(parseConnectTo(["good.test:443:[::1]:8443"])).toEqual([{ host: "good.test", port: 443, address: "::1", connectPort: 8443 }]);
  });

  test("accepts a host name as the address, as curl does", () => {
    expect(parseConnectTo(["good.test:443:localhost:8443"])[0]?.address).toBe("localhost");
  });

  test("ignores blank entries", () => {
    expect(parseConnectTo(["", "  "])).toEqual([]);
  });

  test.each([
    ["good.test:443:127.0.0.1"],
    ["good.test:443:::1:8443"],
    ["good.test:443:[127.0.0.1]:8443"],
    ["good.test:0:127.0.0.1:8443"],
    ["good.test:443:127.0.0.1:70000"],
    [":443:127.0.0.1:8443"],
    ["good.test:https:127.0.0.1:8443"],
    ["bad host:443:127.0.0.1:8443"],
    ["good.test:443:[::1:8443"],
  ])("refuses the malformed entry %p, naming it", (entry) => {
    expect(() => parseConnectTo([entry])).toThrow(`SCAN_CONNECT_TO entry "${entry}"`);
  });
});

describe("findConnectTo", () => {
  const rules = parseConnectTo(["good.test:443:127.0.0.1:8443", "good.test:80:127.0.0.1:8080"]);

  test("matches host and port, ignoring case and a trailing dot", () => {
    expect(findConnectTo(rules, "GOOD.test.", 443)?.connectPort).toBe(8443);
    expect(findConnectTo(rules, "good.test", 80)?.connectPort).toBe(8080);
  });

  test("does not match another port or another name", () => {
    expect(findConnectTo(rules, "good.test", 8443)).toBeUndefined();
    expect(findConnectTo(rules, "www.good.test", 443)).toBeUndefined();
  });
});

describe("connectToPorts", () => {
  const rules = parseConnectTo(["good.test:443:127.0.0.1:8443", "plain.test:80:127.0.0.1:8080", "good.test:80:127.0.0.1:8080", "good.test:443:127.0.0.1:9443"]);

  test("lists each port of a name once, in order, ignoring case and a trailing dot", () => {
    expect(connectToPorts(rules, "Good.Test.")).toEqual([80, 443]);
    expect(connectToPorts(rules, "plain.test")).toEqual([80]);
  });

  test("is empty for a name without rules, a subdomain of a listed name included", () => {
    expect(connectToPorts(rules, "other.test")).toEqual([]);
    expect(connectToPorts(rules, "www.plain.test")).toEqual([]);
  });
});
