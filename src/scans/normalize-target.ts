/**
 * Turns what a user typed ("Example.com", "https://www.example.com/pricing?x=1", "bücher.de") into the
 * domain a scan record is keyed by, or says clearly why it cannot be scanned. Purely syntactic; the
 * DNS half lives in resolve-target.ts.
 */

export const MAX_URL_LENGTH = 2048;
const MAX_NAME_LENGTH = 253;
const MAX_LABEL_LENGTH = 63;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
// "mailto:x", "javascript:alert(1)": a scheme without "//". "example.com:443" is a port, not a scheme.
const OPAQUE_SCHEME = /^[a-z][a-z0-9+.-]*:(?!\d+(?:[/?#]|$))/i;
const IPV4_LITERAL = /^\d{1,3}(?:\.\d{1,3}){3}$/;

export type NormalizedTarget = { ok: true; domain: string } | { ok: false; error: string };

export function normalizeTarget(input: unknown): NormalizedTarget {
  if (typeof input !== "string") return fail("url must be a string, such as \"example.com\".");
  const text = input.trim();
  if (text.length === 0) return fail("url is empty: enter a domain such as example.com.");
  if (input.length > MAX_URL_LENGTH) return fail(`url is longer than ${MAX_URL_LENGTH} characters.`);

  if (!HAS_SCHEME.test(text) && OPAQUE_SCHEME.test(text)) return fail("Only http and https URLs can be scanned.");
  let url: URL;
  try {
    url = new URL(HAS_SCHEME.test(text) ? text : `https://${text}`);
  } catch {
    return fail(`"${preview(text)}" is not a valid domain or URL.`);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return fail("Only http and https URLs can be scanned.");
  if (url.username !== "" || url.password !== "") return fail("URLs with user information (user@host) are not accepted.");
  if (url.port !== "" && url.port !== "80" && url.port !== "443") {
    return fail(`Port ${url.port} is not supported: only sites on the standard ports 80 and 443 can be scanned.`);
  }

  let host = url.hostname; // already lowercase and punycode (IDNA) by the URL parser
  if (host.startsWith("[") || IPV4_LITERAL.test(host)) return fail("IP addresses cannot be scanned: enter a domain name.");
  if (host.endsWith(".")) host = host.slice(0, -1);
  if (host.startsWith("www.")) host = host.slice(4);
  return checkDnsName(host);
}

function checkDnsName(host: string): NormalizedTarget {
  if (host.length === 0) return fail("url has no domain name.");
  if (host.length > MAX_NAME_LENGTH) return fail(`The domain name is longer than ${MAX_NAME_LENGTH} characters.`);
  const labels = host.split(".");
  if (labels.length < 2) return fail(`"${host}" is not a full domain name: enter one such as example.com.`);
  for (const label of labels) {
    if (label.length > MAX_LABEL_LENGTH) return fail(`"${preview(label)}" is longer than ${MAX_LABEL_LENGTH} characters, the limit for one part of a domain name.`);
    if (!LABEL.test(label)) return fail(`"${preview(host)}" is not a valid domain name.`);
  }
  return { ok: true, domain: host };
}

function fail(error: string): NormalizedTarget {
  return { ok: false, error };
}

/** Echo at most a short, single-line piece of the user's input back in a message. */
function preview(text: string): string {
  const line = text.replace(/[\u0000-\u001f\u007f]/g, " ");
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
}
