import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";
import { connectToPorts, findConnectTo, type ConnectToRule } from "./connect-to.ts";
import { isPublicUnicast } from "./address-policy.ts";
import { FetchError } from "./fetch-types.ts";

/** Every A and AAAA record of a name. Injected by tests; the default asks the system resolver. */
export type Lookup = (hostname: string) => Promise<{ address: string; family: 4 | 6 }[]>;

export interface ResolvedHost {
  /** The address to connect to: an IP address, or the ADDR of a SCAN_CONNECT_TO rule. */
  address: string;
  port: number;
  /** True when a SCAN_CONNECT_TO rule supplied the address (no DNS, no address check). */
  trusted: boolean;
}

export interface ResolveHostOptions {
  connectTo: ConnectToRule[];
  lookup?: Lookup;
  /** The URL being fetched, carried by the FetchError; defaults to the host. */
  url?: string;
}

export const systemLookup: Lookup = async (hostname) => {
  const records = await dnsLookup(hostname, { all: true, verbatim: true });
  return records.map((record) => ({ address: record.address, family: record.family === 6 ? 6 : 4 }));
};

/**
 * Decides where a fetch of host:port may connect. SCAN_CONNECT_TO names go where the operator said, and
 * a port the operator did not list is refused like a closed port, so that an http-only site listed for
 * port 80 alone fails fast on https and the scanner falls back to http, as with a real http-only site.
 * Anything else must resolve, and EVERY address must be public, so that a name with one public and one
 * private record cannot be used to reach the private one.
 */
export async function resolveHost(host: string, port: number, options: ResolveHostOptions): Promise<ResolvedHost> {
  const url = options.url ?? host;
  const name = canonicalHostname(host);
  if (name === undefined) throw new FetchError("invalid-url", `${host} is not a valid host name.`, url);

  const rule = findConnectTo(options.connectTo, name, port);
  if (rule) return { address: rule.address, port: rule.connectPort, trusted: true };
  const listedPorts = connectToPorts(options.connectTo, name);
  if (listedPorts.length > 0) throw unlistedPort(host, port, listedPorts, url);

  if (ipaddr.isValid(name)) {
    assertPublic(host, name, url);
    return { address: name, port, trusted: false };
  }

  const records = await lookupRecords(options.lookup ?? systemLookup, name, host, url);
  for (const record of records) assertPublic(host, record.address, url);
  const first = records[0];
  if (!first) throw new FetchError("dns", `${host} does not resolve.`, url);
  return { address: first.address, port, trusted: false };
}

/**
 * The host as a WHATWG URL parser sees it: lower-cased, punycoded, IPv6 without brackets, and odd
 * IPv4 spellings (2130706433, 0x7f.1, 0177.0.0.1) normalised to dotted decimal, so they are caught
 * as the literals they are rather than looked up as names.
 */
function canonicalHostname(host: string): string | undefined {
  const bare = host.replace(/^\[(.*)\]$/, "$1");
  if (bare.includes(":")) return ipaddr.IPv6.isValid(bare) ? ipaddr.IPv6.parse(bare).toString() : undefined;
  if (bare === "" || /[/?#@\s\\]/.test(bare)) return undefined;
  try {
    return new URL(`http://${bare}/`).hostname.replace(/\.$/, "");
  } catch {
    return undefined;
  }
}

async function lookupRecords(lookup: Lookup, name: string, host: string, url: string) {
  try {
    return await lookup(name);
  } catch {
    // NXDOMAIN, no data and resolver failures all mean the same to the caller: nothing to connect to.
    throw new FetchError("dns", `${host} does not resolve.`, url);
  }
}

/** A "connect" error, as a closed port gives: the scanner treats both alike (e.g. tries http after https). */
function unlistedPort(host: string, port: number, listedPorts: number[], url: string): FetchError {
  const ports = listedPorts.length === 1 ? `port ${listedPorts[0]}` : `ports ${listedPorts.join(", ")}`;
  return new FetchError("connect", `Could not connect to ${host} on port ${port}: connection refused (SCAN_CONNECT_TO routes ${host} only for ${ports}).`, url);
}

function assertPublic(host: string, address: string, url: string): void {
  if (!isPublicUnicast(address)) throw new BlockedAddressError(host, address, url);
}

/**
 * A refusal that says THAT a name resolves to a private or reserved address, never WHICH one: the
 * message reaches the API's 400, the form, MCP tool errors and the reasons of public failed records,
 * and naming the address would let anyone map the operator's internal network one name at a time.
 * The address is kept for the operator's log in `address`, a non-enumerable field, so that neither
 * JSON.stringify, object spread nor structured cloning carries it anywhere the message goes.
 */
export class BlockedAddressError extends FetchError {
  declare readonly address: string;

  constructor(host: string, address: string, url: string) {
    super("blocked-address", blockedAddressMessage(host), url);
    Object.defineProperty(this, "address", { value: address, enumerable: false });
  }
}

/**
 * One text for names and address literals alike: the report page (src/web/failure-explanation.ts)
 * recognises a refusal by it.
 */
function blockedAddressMessage(host: string): string {
  return `${host} resolves to a private or reserved address, which cannot be scanned.`;
}
