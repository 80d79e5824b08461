import ipaddr from "ipaddr.js";

/**
 * One SCAN_CONNECT_TO entry: fetching `host:port` connects to `address:connectPort` instead, keeping
 * the Host header and TLS server name as `host`. The operator trusts these names, so they skip the
 * private-address block, and they are never looked up in public DNS: a port without a rule is refused.
 */
export interface ConnectToRule {
  /** Lower-cased, without a trailing dot. */
  host: string;
  port: number;
  /** An IP address (IPv6 without brackets) or a host name, as curl allows. */
  address: string;
  connectPort: number;
}

// curl's --connect-to syntax HOST:PORT:ADDR:PORT2, with an IPv6 ADDR in brackets.
const ENTRY = /^([^:\s[\]]+):(\d{1,5}):(\[[^\]\s]+\]|[^:\s[\]]+):(\d{1,5})$/;
const HOST_NAME = /^[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?(\.[a-z0-9_]([a-z0-9_-]*[a-z0-9_])?)*$/i;

/** Parses SCAN_CONNECT_TO entries; throws with the offending entry named when one is malformed. */
export function parseConnectTo(entries: string[]): ConnectToRule[] {
  return entries.map((entry) => entry.trim()).filter((entry) => entry !== "").map(parseEntry);
}

/** The rule for a URL's host and port, if the operator listed one. */
export function findConnectTo(rules: ConnectToRule[], host: string, port: number): ConnectToRule | undefined {
  const wanted = canonicalHost(host);
  return rules.find((rule) => rule.host === wanted && rule.port === port);
}

/**
 * The ports SCAN_CONNECT_TO lists for a host, empty when it lists none. A host with any rule belongs to
 * the operator: its other ports are refused, never looked up in public DNS (see resolveHost).
 */
export function connectToPorts(rules: ConnectToRule[], host: string): number[] {
  const wanted = canonicalHost(host);
  const ports = new Set(rules.filter((rule) => rule.host === wanted).map((rule) => rule.port));
  return [...ports].sort((a, b) => a - b);
}

function parseEntry(entry: string): ConnectToRule {
  const match = ENTRY.exec(entry);
  if (!match) {
    throw new Error(`SCAN_CONNECT_TO entry "${entry}" is malformed: expected HOST:PORT:ADDR:PORT2, e.g. good.test:443:127.0.0.1:8443 (IPv6 ADDR in brackets, e.g. [::1]).`);
  }
  const [, host = "", port = "", rawAddress = "", connectPort = ""] = match;
  if (!HOST_NAME.test(host.replace(/\.$/, ""))) throw new Error(`SCAN_CONNECT_TO entry "${entry}": "${host}" is not a host name.`);
  return {
    host: canonicalHost(host),
    port: parsePort(entry, port),
    address: parseAddress(entry, rawAddress),
    connectPort: parsePort(entry, connectPort),
  };
}

function parsePort(entry: string, text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`SCAN_CONNECT_TO entry "${entry}": port ${text} is not between 1 and 65535.`);
  }
  return port;
}

function parseAddress(entry: string, raw: string): string {
  if (raw.startsWith("[")) {
    const inner = raw.slice(1, -1);
    if (!ipaddr.IPv6.isValid(inner)) throw new Error(`SCAN_CONNECT_TO entry "${entry}": ${raw} is not an IPv6 address.`);
    return inner.toLowerCase();
  }
  if (ipaddr.IPv4.isValidFourPartDecimal(raw) || HOST_NAME.test(raw)) return raw.toLowerCase();
  throw new Error(`SCAN_CONNECT_TO entry "${entry}": "${raw}" is neither an IP address nor a host name.`);
}

function canonicalHost(host: string): string {
  return host.toLowerCase().replace(/\.$/, "");
}
