import { describe, expect, test } from "bun:test";
import { isPublicUnicast } from "../../src/net/address-policy.ts";

describe("isPublicUnicast", () => {
  test.each([
    ["127.0.0.1", "loopback"],
    ["127.255.255.254", "loopback"],
    ["::1", "IPv6 loopback"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback in hex"],
    ["::ffff:0:a9fe:a9fe", "IPv4-translated metadata address"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of 169.254.169.254"],
    ["64:ff9b::10.0.0.1", "NAT64 of a private address"],
    ["64:ff9b:1::808:808", "local-use NAT64 prefix"],
    ["2002:7f00:1::1", "6to4 of loopback"],
    ["2002:a9fe:a9fe::", "6to4 of the metadata address"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["169.254.169.254", "cloud metadata (link-local)"],
    ["100.64.0.1", "carrier-grade NAT"],
    ["10.1.2.3", "private 10/8"],
    ["172.16.0.1", "private 172.16/12"],
    ["172.31.255.255", "private 172.16/12 end"],
    ["192.168.1.1", "private 192.168/16"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "this network 0/8"],
    ["::", "IPv6 unspecified"],
    ["fc00::1", "unique local"],
    ["fd12::1", "unique local"],
    ["fe80::1", "link-local"],
    ["fec0::1", "deprecated site-local"],
    ["198.18.0.1", "benchmarking"],
    ["198.19.255.255", "benchmarking end"],
    ["192.0.2.1", "documentation TEST-NET-1"],
    ["198.51.100.7", "documentation TEST-NET-2"],
    ["203.0.113.9", "documentation TEST-NET-3"],
    ["2001:db8::1", "IPv6 documentation"],
    ["192.0.0.8", "IETF protocol assignments"],
    ["192.88.99.1", "6to4 relay anycast"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast (SSDP)"],
    ["ff02::1", "IPv6 multicast"],
    ["255.255.255.255", "broadcast"],
    ["240.0.0.1", "reserved 240/4"],
    ["2001::1", "Teredo"],
    ["2001:2::1", "IPv6 benchmarking"],
    ["100::1", "discard-only"],
    ["5f00::1", "segment routing"],
    ["not-an-address", "not an address"],
    ["", "empty"],
  ])("blocks %s (%s)", (address) => {
    expect(isPublicUnicast(address)).toBe(false);
  });

  test.each([
    ["8.8.8.8"],
    ["1.1.1.1"],
    ["93.184.216.34"],
    ["2606:4700:4700::1111"],
    ["[2606:4700:4700::1111]"],
    ["::ffff:8.8.8.8"],
    ["64:ff9b::808:808"],
    ["2002:808:808::1"],
  ])("allows the public unicast address %s", (address) => {
    expect(isPublicUnicast(address)).toBe(true);
  });
});
