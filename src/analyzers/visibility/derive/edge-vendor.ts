/**
 * The CDN or bot-protection vendor that answered a request, recognised by the response headers each vendor
 * documents or always sends. Sources:
 * - Cloudflare: `cf-ray` on every proxied answer, `server: cloudflare`; `cf-mitigated: challenge` on every
 *   challenge page (developers.cloudflare.com/cloudflare-challenges/challenge-types/challenge-pages/detect-response).
 * - Akamai: `server: AkamaiGHost` on edge-made answers (its reference "Access Denied" pages), `akamai-grn`.
 * - Fastly: `x-served-by: cache-<pop>` and `via: 1.1 varnish` (docs.fastly.com, "Understanding cache HIT and MISS headers").
 * - AWS: CloudFront's `x-amz-cf-id` and `via: … (CloudFront)`; AWS WAF's `x-amzn-waf-action: challenge|captcha`
 *   (docs.aws.amazon.com/waf/latest/developerguide/waf-captcha-and-challenge-actions.html: 202 for a challenge, 405 for a CAPTCHA).
 * - Vercel: `x-vercel-id` on every answer, `x-vercel-mitigated: challenge|deny` when its firewall acts (vercel.com/docs/vercel-firewall).
 * - Imperva: `x-iinfo` and `x-cdn: Imperva` (or `Incapsula`) on answers from its proxy.
 * - Sucuri: `x-sucuri-id` and `server: Sucuri/Cloudproxy` (docs.sucuri.net, "Headers added by the firewall").
 * - DataDome: `x-datadome` and `x-dd-b` on answers its module judged (docs.datadome.co, "Response headers").
 */

export type EdgeVendorName = "Cloudflare" | "Akamai" | "Fastly" | "AWS CloudFront" | "AWS WAF" | "Vercel" | "Imperva" | "Sucuri" | "DataDome";

export interface EdgeVendor {
  name: EdgeVendorName;
  /** The header that named it, as received: "cf-ray: 8f2b…", "server: AkamaiGHost". */
  evidence: string;
  /** The vendor's own mark that it stepped in (a challenge or a deny), when it set one. */
  mitigation: string | null;
}

/** The headers the probes keep so that the vendors below can be told apart. */
export const EDGE_VENDOR_HEADERS = [
  "server",
  "via",
  "cf-ray",
  "cf-mitigated",
  "akamai-grn",
  "x-akamai-transformed",
  "x-served-by",
  "x-cache",
  "x-amz-cf-id",
  "x-amzn-waf-action",
  "x-vercel-id",
  "x-vercel-mitigated",
  "x-iinfo",
  "x-cdn",
  "x-sucuri-id",
  "x-sucuri-block",
  "x-datadome",
  "x-dd-b",
] as const;

type Headers = Record<string, string | undefined>;

/**
 * Bot-protection vendors first: they sit in front of (or inside) a CDN, and a site behind both is refused by
 * the protection, not by the CDN that carried the answer.
 */
const RULES: { name: EdgeVendorName; match: (headers: Headers) => string | null; mitigation?: (headers: Headers) => string | null }[] = [
  { name: "DataDome", match: (h) => shown(h, "x-datadome") ?? shown(h, "x-dd-b") },
  { name: "AWS WAF", match: (h) => shown(h, "x-amzn-waf-action"), mitigation: (h) => shown(h, "x-amzn-waf-action") },
  { name: "Imperva", match: (h) => shown(h, "x-iinfo") ?? (/imperva|incapsula/i.test(h["x-cdn"] ?? "") ? shown(h, "x-cdn") : null) },
  { name: "Sucuri", match: (h) => shown(h, "x-sucuri-id") ?? (/sucuri/i.test(h.server ?? "") ? shown(h, "server") : null), mitigation: (h) => shown(h, "x-sucuri-block") },
  { name: "Cloudflare", match: (h) => shown(h, "cf-ray") ?? (/^cloudflare/i.test(h.server ?? "") ? shown(h, "server") : null), mitigation: (h) => shown(h, "cf-mitigated") },
  { name: "Vercel", match: (h) => shown(h, "x-vercel-id") ?? shown(h, "x-vercel-mitigated") ?? (/^vercel$/i.test(h.server ?? "") ? shown(h, "server") : null), mitigation: (h) => shown(h, "x-vercel-mitigated") },
  { name: "Akamai", match: (h) => (/akamai/i.test(h.server ?? "") ? shown(h, "server") : null) ?? shown(h, "akamai-grn") ?? shown(h, "x-akamai-transformed") },
  { name: "AWS CloudFront", match: (h) => shown(h, "x-amz-cf-id") ?? (/cloudfront/i.test(h.via ?? "") ? shown(h, "via") : null) },
  { name: "Fastly", match: (h) => (/^cache-/i.test(h["x-served-by"] ?? "") ? shown(h, "x-served-by") : null) ?? (/varnish/i.test(h.via ?? "") ? shown(h, "via") : null) },
];

/** The vendor that answered, or null when no characteristic header is there. */
export function edgeVendorOf(headers: Headers): EdgeVendor | null {
  for (const rule of RULES) {
    const evidence = rule.match(headers);
    if (evidence) return { name: rule.name, evidence, mitigation: rule.mitigation?.(headers) ?? null };
  }
  return null;
}

function shown(headers: Headers, name: string): string | null {
  const value = headers[name];
  return value === undefined || value === "" ? null : `${name}: ${value.slice(0, 60)}`;
}
