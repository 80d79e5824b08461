import { parse as parseDomain } from "tldts";
import { withLocalSiteHint } from "./local-site-hint.ts";

/**
 * Turns what a user typed ("Example.com", "https://www.example.com/pricing?x=1", "bücher.de") into the
 * domain a scan record is keyed by, or says clearly why it cannot be scanned. Purely syntactic; the
 * DNS half lives in resolve-target.ts.
 *
 * The WHATWG URL parser decides what parses, so `http:example.com/`, `https:/example.com/` and
 * `example.com:` (empty port) are accepted as browsers accept them. When it refuses, it does not say
 * why, so `explainUnparsable` finds the reason to tell the user.
 */

export const MAX_URL_LENGTH = 2048;
const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const SCANNED_PORTS = new Set(["", "80", "443"]);

// A scheme as the URL standard spells it, at the very start.
const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
// What follows "host:" when the colon starts a port ("example.com:443", "localhost:8080/x").
const PORT_THEN_REST = /^\d+(?:[/?#\\]|$)/;
// "scheme://" (or with backslashes, as the parser allows): a URL, never a host and port.
const AUTHORITY_START = /^[/\\]{2}/;
// The URL standard's forbidden domain code points that can still be in a host at this point.
const FORBIDDEN_IN_HOST = /[\s<>[\]^|%\u0000-\u001f\u007f]/;
const IPV4_LITERAL = /^\d{1,3}(?:\.\d{1,3}){3}$/;
// Host names are letters, digits and hyphens (RFC 1123); the parser has already lower-cased and punycoded them.
const NOT_LDH = /[^a-z0-9-]/;
// A last label the URL parser reads as a number, which makes the whole host an IPv4 address.
const NUMERIC_LABEL = /^(?:\d+|0x[0-9a-f]*)$/i;

export type NormalizedTarget =
  | {
      ok: true;
      /** The scan key: the registrable name or subdomain, lower-case, punycode, without a "www." in front. */
      domain: string;
      /** The page asked for: http(s), host as parsed (www. kept, no trailing dot), no fragment. */
      url: string;
    }
  | { ok: false; error: string };

export function normalizeTarget(input: unknown): NormalizedTarget {
  if (typeof input !== "string") return fail("url must be a string, such as \"example.com\".");
  const text = input.trim();
  if (text.length === 0) return fail("url is empty: enter a domain such as example.com.");
  if (input.length > MAX_URL_LENGTH) return fail(`url is longer than ${MAX_URL_LENGTH} characters.`);

  const candidate = asHttpUrl(text);
  if (!candidate.ok) return candidate;
  let url: URL;
  try {
    url = new URL(candidate.url);
  } catch {
    return fail(explainUnparsable(candidate.url, text));
  }
  if (url.username !== "" || url.password !== "") return fail("URLs with user information (user@host) are not accepted.");
  if (!SCANNED_PORTS.has(url.port)) {
    return fail(withLocalSiteHint(`Port ${url.port} is not supported: only sites on the standard ports 80 and 443 can be scanned.`));
  }
  if (url.hostname.startsWith("[") || IPV4_LITERAL.test(url.hostname)) return fail(withLocalSiteHint("IP addresses cannot be scanned: enter a domain name."));

  if (url.hostname.endsWith(".")) url.hostname = url.hostname.slice(0, -1);
  url.hash = "";
  const host = url.hostname;
  const problem = dnsNameProblem(host) ?? registrableProblem(host);
  if (problem) return fail(problem);
  return { ok: true, domain: withoutWww(host), url: url.href };
}

/**
 * The text as an absolute http(s) URL to hand the parser. "http:" and "https:" inputs are parsed as
 * they are; anything whose "scheme" is really a host and port ("example.com:443", "example.com:",
 * "example.com:80a") gets "https://" in front, as does a bare domain; any other scheme is refused.
 */
function asHttpUrl(text: string): { ok: true; url: string } | { ok: false; error: string } {
  const scheme = SCHEME.exec(text)?.[1];
  if (scheme === undefined) return { ok: true, url: `https://${text}` };
  if (/^https?$/i.test(scheme)) return { ok: true, url: text };
  const rest = text.slice(scheme.length + 1);
  // "example.com:" is an empty port; a dot never appears in the schemes people type, but in every domain.
  const hostAndPort = rest === "" || PORT_THEN_REST.test(rest) || (scheme.includes(".") && !AUTHORITY_START.test(rest));
  if (hostAndPort) return { ok: true, url: `https://${text}` };
  return fail(`Only http and https URLs can be scanned, not ${scheme.toLowerCase()}: URLs.`);
}

/** Why the URL parser refused an http(s) URL: the port, the host, or an empty host. */
function explainUnparsable(url: string, text: string): string {
  const authority = authorityOf(url);
  const hostAndPort = authority.slice(authority.lastIndexOf("@") + 1);
  const { host, port } = splitPort(hostAndPort);
  if (port !== undefined && !/^\d*$/.test(port)) return `The port "${preview(port)}" is not a number: a port is digits only, such as 443.`;
  if (port !== undefined && Number(port) > 65535) return `Port ${port} does not exist: port numbers end at 65535.`;
  if (host === "") return `"${preview(text)}" has no domain name: enter one such as example.com.`;
  if (host.startsWith("[")) return `"${preview(host)}" is not a valid IPv6 address (and IP addresses cannot be scanned: enter a domain name).`;
  const forbidden = FORBIDDEN_IN_HOST.exec(host);
  if (forbidden) return `The domain name "${preview(host)}" contains ${describeCharacter(forbidden[0])}, which a domain name cannot contain.`;
  const lastLabel = host.replace(/\.$/, "").split(".").pop() ?? "";
  if (NUMERIC_LABEL.test(lastLabel)) {
    return `"${preview(host)}" ends in a number, so it reads as an IP address, and it is not a valid one. IP addresses cannot be scanned: enter a domain name.`;
  }
  if (/(^|\.)xn--/i.test(host)) return `"${preview(host)}" is not a valid internationalised domain name: its xn-- (punycode) part does not decode.`;
  if (/[^\x00-\x7f]/.test(host)) return `"${preview(host)}" is not a valid internationalised domain name: it has characters that domain names do not allow.`;
  return `"${preview(host)}" is not a valid domain name.`;
}

/** The authority of a special URL: after the scheme and any slashes, up to the path, query or fragment. */
function authorityOf(url: string): string {
  const afterScheme = url.slice(url.indexOf(":") + 1).replace(/^[/\\]*/, "");
  return afterScheme.split(/[/\\?#]/, 1)[0] ?? "";
}

function splitPort(hostAndPort: string): { host: string; port: string | undefined } {
  if (hostAndPort.startsWith("[") && !hostAndPort.includes("]")) return { host: hostAndPort, port: undefined };
  const colon = hostAndPort.indexOf(":", Math.max(0, hostAndPort.indexOf("]")));
  if (colon === -1) return { host: hostAndPort, port: undefined };
  return { host: hostAndPort.slice(0, colon), port: hostAndPort.slice(colon + 1) };
}

function describeCharacter(character: string): string {
  if (character === " ") return "a space";
  if (/\s|[\u0000-\u001f\u007f]/.test(character)) return "a control or whitespace character";
  return `"${character}"`;
}

/** The host as the parser left it (lower-case, punycode), checked against the rules for DNS host names. */
function dnsNameProblem(host: string): string | undefined {
  if (host.length === 0) return "url has no domain name: enter one such as example.com.";
  if (host.length > MAX_NAME_LENGTH) return `The domain name is longer than ${MAX_NAME_LENGTH} characters.`;
  const labels = host.split(".");
  if (labels.length < 2) {
    const reason = `"${preview(host)}" is not a full domain name: enter one such as example.com.`;
    // "localhost" or "intranet" is a machine the operator may mean; "com" is a public suffix, not a site.
    return parseDomain(host).isIcann === true ? reason : withLocalSiteHint(reason);
  }
  for (const label of labels) {
    if (label === "") return `"${preview(host)}" has an empty part between two dots.`;
    if (label.length > MAX_LABEL_LENGTH) {
      return `"${preview(label)}" is longer than ${MAX_LABEL_LENGTH} characters, the limit for one part of a domain name.`;
    }
    const bad = NOT_LDH.exec(label);
    if (bad) {
      return `The domain name "${preview(host)}" contains ${describeCharacter(bad[0])}, which a domain name cannot contain: only letters, digits and hyphens.`;
    }
    if (label.startsWith("-") || label.endsWith("-")) return `"${preview(label)}" starts or ends with a hyphen, which a part of a domain name cannot do.`;
  }
  return undefined;
}

/**
 * A public suffix (com, co.uk, gov.uk) is where others register names, not a site. Only the ICANN
 * section of the list counts here: private suffixes such as github.io are sites run by their owners.
 */
function registrableProblem(host: string): string | undefined {
  if (parseDomain(host).domain !== null) return undefined;
  return `"${host}" is a public suffix, under which others register domains, not a domain itself: enter a registered domain such as example.${host}.`;
}

/**
 * "www.example.com" and "example.com" are one site and share one record. The www. stays when what is
 * left is a public suffix in either section of the list: www.co.uk, www.gov.uk and www.github.io are
 * names in their own right.
 */
function withoutWww(host: string): string {
  if (!host.startsWith("www.")) return host;
  const rest = host.slice(4);
  return parseDomain(rest, { allowPrivateDomains: true }).domain === null ? host : rest;
}

function fail(error: string): { ok: false; error: string } {
  return { ok: false, error };
}

/** Echo at most a short, single-line piece of the user's input back in a message. */
function preview(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f]/g, " ");
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
