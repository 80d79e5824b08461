/**
 * Signed probes (Web Bot Auth), end to end over loopback: the service serves its key directory, and a
 * fixture site lets a crawler in only when its request carries an RFC 9421 signature that verifies with
 * the key published in the directory named by Signature-Agent. The verifier is written here from the
 * RFC's signature-base rules (section 2.5) and checks the directory's own signature, so it shares no code
 * with the signer.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { BROWSER_USER_AGENT } from "../../../src/analyzers/visibility/crawlers.ts";
import { compareProbes } from "../../../src/analyzers/visibility/derive/probe-verdicts.ts";
import { gatherProbes } from "../../../src/analyzers/visibility/gather/probes.ts";
import { signaturesDirectoryRoutes } from "../../../src/http/signatures-directory-routes.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { type ProbeSigning, SIGNATURES_DIRECTORY_PATH, generateSigningJwk, probeSigningFrom, signedRequestHeaders } from "../../../src/net/web-bot-auth.ts";
import { type FixtureSite, startFixtureSite, testCaPem } from "../../helpers/fixture-server.ts";
import { site as sampleSite } from "./sample-site.ts";

const DOMAIN = "signed.secure.test";
const OTHER_HOST = "www.secure.test";
const PAGE = `<!DOCTYPE html><html><head><title>Acme</title></head><body><main>${"Acme makes sturdy garden tools for small farms. ".repeat(20)}</main></body></html>`;

/** `sig1=("a" "b");created=1;keyid="k"` → label, components, the whole params string, and each param. */
function parseSignatureInput(field: string) {
  const match = /^([a-z0-9_-]+)=(\(([^)]*)\)(.*))$/i.exec(field.trim());
  if (!match) throw new Error(`unparsable Signature-Input: ${field}`);
  const components = [...match[3]!.matchAll(/"([^"]+)"((?:;[a-z]+)*)/g)].map((item) => `"${item[1]}"${item[2]}`);
  const params = Object.fromEntries([...match[4]!.matchAll(/;([a-z]+)=("([^"]*)"|\d+)/g)].map((item) => [item[1]!, item[3] ?? item[2]!]));
  return { label: match[1]!, components, paramsText: match[2]!, params };
}

async function verifyEd25519(jwk: JsonWebKey, base: string, signatureField: string, label: string): Promise<boolean> {
  const match = new RegExp(`^${label}=:([A-Za-z0-9+/=]+):$`).exec(signatureField.trim());
  if (!match) return false;
  const key = await crypto.subtle.importKey("jwk", { kty: jwk.kty, crv: jwk.crv, x: jwk.x }, { name: "Ed25519" }, false, ["verify"]);
  return crypto.subtle.verify({ name: "Ed25519" }, key, Buffer.from(match[1]!, "base64"), new TextEncoder().encode(base));
}

/** Why a signed request is refused, or null when it verifies with a key from its Signature-Agent's directory. */
async function refusal(request: Request, fetchDirectory: (url: string) => Promise<Response>): Promise<string | null> {
  const input = request.headers.get("signature-input");
  const signature = request.headers.get("signature");
  const agentField = request.headers.get("signature-agent");
  if (!input || !signature || !agentField) return "unsigned";
  const parsed = parseSignatureInput(input);
  if (parsed.params.tag !== "web-bot-auth") return "wrong tag";
  const now = Math.floor(Date.now() / 1000);
  if (!(Number(parsed.params.created) <= now + 5 && now <= Number(parsed.params.expires))) return "expired";
  const agentUrl = /^[a-z0-9_-]+="([^"]+)"$/i.exec(agentField)?.[1];
  if (!agentUrl) return "bad Signature-Agent";
  const authority = new URL(request.url).host;
  const values: Record<string, string> = { '"@authority"': authority, '"signature-agent"': agentField };
  if (parsed.components.some((name) => values[name] === undefined)) return "unknown component";
  const base = [...parsed.components.map((name) => `${name}: ${values[name]}`), `"@signature-params": ${parsed.paramsText}`].join("\n");
  const directoryUrl = `${agentUrl}${SIGNATURES_DIRECTORY_PATH}`;
  const directory = await fetchDirectory(directoryUrl);
  if (directory.headers.get("content-type") !== "application/http-message-signatures-directory+json") return "directory type";
  const jwks = (await directory.json()) as { keys: JsonWebKey[] & { kid?: string }[] };
  const key = (jwks.keys as (JsonWebKey & { kid?: string })[]).find((entry) => entry.kid === parsed.params.keyid);
  if (!key) return "unknown keyid";
  // The directory is itself signed over the authority it was asked at, tagged for directories.
  const directoryInput = parseSignatureInput(directory.headers.get("signature-input") ?? "");
  if (directoryInput.params.tag !== "http-message-signatures-directory") return "directory tag";
  const directoryBase = `"@authority";req: ${new URL(directoryUrl).host}\n"@signature-params": ${directoryInput.paramsText}`;
  if (!(await verifyEd25519(key, directoryBase, directory.headers.get("signature") ?? "", directoryInput.label))) return "directory signature";
  return (await verifyEd25519(key, base, signature, parsed.label)) ? null : "bad signature";
}

let service: ReturnType<typeof Bun.serve>;
let fixture: FixtureSite;
let signing: ProbeSigning;
const refusals: string[] = [];

beforeAll(async () => {
  // The service's key directory, served by the real route; its PUBLIC_URL is where it listens.
  let published: ProbeSigning | null = null;
  const routes = { handle: (request: Request) => signaturesDirectoryRoutes(published).handle(request) };
  service = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => routes.handle(request) });
  signing = await probeSigningFrom(await generateSigningJwk(), `http://127.0.0.1:${service.port}`);
  published = signing;
  fixture = await startFixtureSite(
    {
      "/": async (request) => {
        if (request.headers.get("user-agent") === BROWSER_USER_AGENT) return new Response(PAGE, { headers: { "content-type": "text/html" } });
        const why = await refusal(request, (url) => fetch(url));
        if (why) refusals.push(why);
        return why ? new Response("signature required", { status: 403, headers: { "accept-signature": 'sig1=("@authority" "signature-agent");tag="web-bot-auth"' } }) : new Response(PAGE, { headers: { "content-type": "text/html" } });
      },
      // The old address moves to another host, whose "/" checks the signature against its own authority.
      "/old": () => new Response(null, { status: 301, headers: { location: `https://${OTHER_HOST}/` } }),
    },
    { tls: true },
  );
}, 20_000);

afterAll(async () => {
  service?.stop(true);
  await fixture?.stop();
});

const fetcher = () => createSafeFetcher({ connectTo: parseConnectTo([fixture.connectTo(DOMAIN), fixture.connectTo(OTHER_HOST)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "sightline-test", extraCaPem: testCaPem() });

describe("signed probes", () => {
  test("the key directory is a signed JWKS holding the public key only", async () => {
    const response = await fetch(`http://127.0.0.1:${service.port}${SIGNATURES_DIRECTORY_PATH}`);
    expect(response.headers.get("content-type")).toBe("application/http-message-signatures-directory+json");
    expect(response.headers.get("signature-input")).toContain('tag="http-message-signatures-directory"');
    const body = await response.text();
    expect(JSON.parse(body)).toEqual({ keys: [{ kty: "OKP", crv: "Ed25519", x: signing.privateJwk.x, kid: signing.keyid, alg: "Ed25519", use: "sig" }] });
    expect(body).not.toContain(signing.privateJwk.d!);
  });

  test("a site that verifies signatures with the published key lets every signed crawler probe in", async () => {
    refusals.length = 0;
    const probes = await gatherProbes({ fetcher: fetcher(), signal: AbortSignal.timeout(20_000), probeSigning: signing }, `https://${DOMAIN}/`);
    expect(refusals).toEqual([]);
    const comparison = compareProbes({ ...sampleSite(), probes });
    expect(comparison.ok).toBe(true);
    if (!comparison.ok) return;
    expect(comparison.verdicts.every((verdict) => verdict.classification.outcome === "same-page")).toBe(true);
    expect(probes.filter((probe) => probe.ok && probe.signed).length).toBe(probes.length - 1);
  });

  test("unsigned probes, and probes signed with a key the directory does not hold, are refused", async () => {
    refusals.length = 0;
    const unsigned = compareProbes({ ...sampleSite(), probes: await gatherProbes({ fetcher: fetcher(), signal: AbortSignal.timeout(20_000) }, `https://${DOMAIN}/`) });
    expect(unsigned.ok && unsigned.verdicts.every((verdict) => verdict.classification.outcome === "signature-required")).toBe(true);
    expect(refusals.every((why) => why === "unsigned")).toBe(true);

    refusals.length = 0;
    // Same keyid and agent, another private key: the signature does not verify with the published key.
    const impostor: ProbeSigning = { ...signing, privateJwk: await generateSigningJwk() };
    const wrong = compareProbes({ ...sampleSite(), probes: await gatherProbes({ fetcher: fetcher(), signal: AbortSignal.timeout(20_000), probeSigning: impostor }, `https://${DOMAIN}/`) });
    expect(wrong.ok && wrong.verdicts.every((verdict) => verdict.kind !== "ok")).toBe(true);
    expect(refusals.length).toBeGreaterThan(0);
    expect(refusals.every((why) => why === "bad signature")).toBe(true);
  });

  test("a probe redirected to another host is signed anew for that host", async () => {
    refusals.length = 0;
    const before = fixture.requests.length;
    const probes = await gatherProbes({ fetcher: fetcher(), signal: AbortSignal.timeout(20_000), probeSigning: signing }, `https://${DOMAIN}/old`);
    expect(refusals).toEqual([]);
    const signedProbes = probes.filter((probe) => probe.ok && probe.signed);
    expect(signedProbes.length).toBe(probes.length - 1);
    expect(signedProbes.every((probe) => probe.ok && probe.status === 200 && probe.finalUrl === `https://${OTHER_HOST}/`)).toBe(true);
    // Each hop carried a signature whose base names the host it went to: the first host's would not verify on the second.
    const hops = fixture.requests.slice(before).filter((request) => request.headers["signature-input"]);
    expect(new Set(hops.map((request) => request.headers.host))).toEqual(new Set([DOMAIN, OTHER_HOST]));
    const nonces = hops.map((request) => /nonce="([^"]+)"/.exec(request.headers["signature-input"]!)![1]);
    expect(new Set(nonces).size).toBe(hops.length);
  });

  test("a signature made for one host is refused by another", async () => {
    const headers = await signedRequestHeaders(signing, `https://${DOMAIN}/old`);
    expect(await refusal(new Request(`https://${OTHER_HOST}/`, { headers }), (url) => fetch(url))).toBe("bad signature");
  });

  test("a tampered header breaks the signature", async () => {
    const headers = await signedRequestHeaders(signing, `https://${DOMAIN}/`);
    const request = (overrides: Record<string, string>) => new Request(`https://${DOMAIN}/`, { headers: { ...headers, ...overrides } });
    const directory = (url: string) => fetch(url);
    expect(await refusal(request({}), directory)).toBeNull();
    const created = /created=(\d+)/.exec(headers["signature-input"]!)![1]!;
    expect(await refusal(request({ "signature-input": headers["signature-input"]!.replace(`created=${created}`, `created=${Number(created) - 1}`) }), directory)).toBe("bad signature");
    expect(await refusal(request({ "signature-agent": headers["signature-agent"]!.replace("sig1=", "sig2=") }), directory)).toBe("bad signature");
    expect(await refusal(new Request(`https://other.secure.test/`, { headers }), directory)).toBe("bad signature");
  });
});
