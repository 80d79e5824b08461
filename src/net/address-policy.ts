import ipaddr from "ipaddr.js";

/**
 * The SSRF guard's address rule: true only for a public unicast address, one a scan may connect to.
 * IPv6 forms that carry an IPv4 address (mapped, IPv4-translated, NAT64, 6to4) are judged by the
 * IPv4 address inside, since that is where the packets end up.
 */
export function isPublicUnicast(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.parse(bare);
  return parsed.kind() === "ipv4" ? isPublicIPv4(parsed as ipaddr.IPv4) : isPublicIPv6(parsed as ipaddr.IPv6);
}

// ipaddr.js calls these "unicast" though no public host lives there (RFC 6890 and successors).
const NON_PUBLIC_IPV4 = [
  "192.0.0.0/24", // IETF protocol assignments
  "192.88.99.0/24", // deprecated 6to4 relay anycast
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

// Global unicast space is 2000::/3; everything outside it (IPv4-compatible ::/96, discard-only
// 100::/64, segment routing 5f00::/16, unallocated space) is not a public destination.
const GLOBAL_UNICAST = ipaddr.IPv6.parseCIDR("2000::/3");
const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR("64:ff9b::/96");

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  if (address.range() !== "unicast") return false;
  return !NON_PUBLIC_IPV4.some((range) => address.match(range));
}

function isPublicIPv6(address: ipaddr.IPv6): boolean {
  const embedded = embeddedIPv4(address);
  if (embedded) return isPublicIPv4(embedded);
  // Teredo, ORCHID, documentation, benchmarking, local-use NAT64 64:ff9b:1::/48 (its embedding is
  // site-defined, so we cannot see where it leads) and the rest all have their own range names.
  if (address.range() !== "unicast") return false;
  return address.match(GLOBAL_UNICAST);
}

function embeddedIPv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const parts = address.parts;
  if (range === "ipv4Mapped" || range === "rfc6145" || address.match(NAT64_WELL_KNOWN)) {
    return fromWords(parts[6] ?? 0, parts[7] ?? 0);
  }
  if (range === "6to4") return fromWords(parts[1] ?? 0, parts[2] ?? 0);
  return undefined;
}

function fromWords(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}
