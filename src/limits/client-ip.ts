import ipaddr from "ipaddr.js";

/**
 * The address a request came from, as far as the operator's proxies can be trusted.
 *
 * With `trustProxy` 0 the socket address is the only truth: X-Forwarded-For is ignored entirely, so a
 * client cannot pick its own rate-limit bucket by sending the header. With N trusted proxies, each one
 * appends the address it saw, so the client is the N-th entry from the right; anything further left was
 * written by the client and is not trusted.
 */
export function resolveClientIp(socketAddress: string | null, xForwardedFor: string | null, trustProxy: number): string {
  const socket = socketAddress === null ? null : normalizeIp(socketAddress);
  const fallback = socket ?? "unknown";
  if (trustProxy < 1 || xForwardedFor === null) return fallback;

  const entries = xForwardedFor
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) return fallback;
  // Fewer entries than proxies means a proxy in the chain was skipped; the leftmost is the best guess.
  const chosen = entries.length >= trustProxy ? entries[entries.length - trustProxy]! : entries[0]!;
  return normalizeIp(chosen) ?? fallback;
}

/**
 * One canonical spelling per address, so that a bucket cannot be dodged by rewriting it: ports and
 * brackets stripped, IPv4-mapped IPv6 turned into IPv4, IPv6 compressed as RFC 5952 says. Returns null
 * for anything that is not an address (legacy forms such as `127.1` included).
 */
export function normalizeIp(raw: string): string | null {
  const address = stripPort(raw.trim());
  if (ipaddr.IPv4.isValidFourPartDecimal(address)) return ipaddr.IPv4.parse(address).toString();
  if (!ipaddr.IPv6.isValid(address)) return null;
  const parsed = ipaddr.IPv6.parse(address);
  return parsed.isIPv4MappedAddress() ? parsed.toIPv4Address().toString() : parsed.toRFC5952String();
}

/** `[2001:db8::1]:443` → `2001:db8::1`, `192.0.2.1:8080` → `192.0.2.1`; a bare IPv6 address is left alone. */
function stripPort(address: string): string {
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) return bracketed[1]!;
  const ipv4WithPort = /^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/.exec(address);
  if (ipv4WithPort) return ipv4WithPort[1]!;
  return address;
}
