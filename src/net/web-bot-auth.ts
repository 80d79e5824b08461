/**
 * Web Bot Auth: HTTP Message Signatures (RFC 9421) on the scanner's own probes, as the IETF webbotauth drafts
 * describe them (draft-meunier-web-bot-auth-architecture, draft-meunier-http-message-signatures-directory).
 * A signed request carries `Signature-Agent` (where its key directory lives), `Signature-Input` (what is
 * covered: `@authority` and `signature-agent`; created, expires, keyid = the key's JWK thumbprint (RFC 7638),
 * alg, nonce, tag="web-bot-auth") and `Signature` (Ed25519 over the RFC 9421 signature base). The key
 * directory is a JWKS served at /.well-known/http-message-signatures-directory, itself signed over
 * `"@authority";req` with tag="http-message-signatures-directory".
 */
import { encodeBase64, encodeBase64urlNoPadding } from "@oslojs/encoding";

/** What a scan needs to sign its probes: plain data, so it crosses to a scan thread or process. */
export interface ProbeSigning {
  /** The Ed25519 private key as a JWK (kty OKP, crv Ed25519, x, d). A secret: never logged or stored with a scan. */
  privateJwk: JsonWebKey;
  /** The JWK thumbprint of the public key, base64url (RFC 7638). */
  keyid: string;
  /** The service's PUBLIC_URL: where its key directory is served. */
  signatureAgent: string;
}

export const SIGNATURES_DIRECTORY_PATH = "/.well-known/http-message-signatures-directory";
export const SIGNATURES_DIRECTORY_TYPE = "application/http-message-signatures-directory+json";
/** How long a signature holds: long enough for a probe queued behind others, short against replay. */
const SIGNATURE_LIFETIME_S = 300;

/** A new Ed25519 key pair, the private half as a JWK. */
export async function generateSigningJwk(): Promise<JsonWebKey> {
  const pair = (await crypto.subtle.generateKey({ name: "Ed25519" }, true, ["sign", "verify"])) as CryptoKeyPair;
  return crypto.subtle.exportKey("jwk", pair.privateKey);
}

/** The public half of an Ed25519 JWK: only the members RFC 8037 defines for a public key. */
export function publicJwkOf(jwk: JsonWebKey): { kty: "OKP"; crv: "Ed25519"; x: string } {
  if (jwk.kty !== "OKP" || jwk.crv !== "Ed25519" || typeof jwk.x !== "string") throw new Error("Not an Ed25519 JWK.");
  return { kty: "OKP", crv: "Ed25519", x: jwk.x };
}

/** RFC 7638 thumbprint: SHA-256 of the required members in lexicographic order, no whitespace. */
export async function jwkThumbprint(jwk: JsonWebKey): Promise<string> {
  const { crv, kty, x } = publicJwkOf(jwk);
  const canonical = `{"crv":${JSON.stringify(crv)},"kty":${JSON.stringify(kty)},"x":${JSON.stringify(x)}}`;
  return encodeBase64urlNoPadding(new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(canonical))));
}

export async function probeSigningFrom(privateJwk: JsonWebKey, signatureAgent: string): Promise<ProbeSigning> {
  return { privateJwk, keyid: await jwkThumbprint(privateJwk), signatureAgent };
}

/** RFC 9421 section 2.5: each covered component on its own line, then the `@signature-params` line. */
export function signatureBase(components: [string, string][], signatureParams: string): string {
  return [...components.map(([name, value]) => `${name}: ${value}`), `"@signature-params": ${signatureParams}`].join("\n");
}

/** `@authority` as RFC 9421 section 2.2.3 derives it: the host, lowercased, with the port unless it is the scheme's default. */
export function authorityOf(url: string): string {
  return new URL(url).host.toLowerCase();
}

/** The three headers that sign one request to `url`. */
export async function signedRequestHeaders(signing: ProbeSigning, url: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<Record<string, string>> {
  // Structured Fields dictionary keyed by the signature's label (draft-meunier-web-bot-auth-architecture, Signature-Agent).
  const agent = `sig1=${JSON.stringify(signing.signatureAgent)}`;
  const nonce = encodeBase64(crypto.getRandomValues(new Uint8Array(32)));
  const params =
    `("@authority" "signature-agent");created=${nowSeconds};expires=${nowSeconds + SIGNATURE_LIFETIME_S}` +
    `;keyid=${JSON.stringify(signing.keyid)};alg="ed25519";nonce=${JSON.stringify(nonce)};tag="web-bot-auth"`;
  const base = signatureBase(
    [
      ['"@authority"', authorityOf(url)],
      ['"signature-agent"', agent],
    ],
    params,
  );
  return { "signature-agent": agent, "signature-input": `sig1=${params}`, signature: `sig1=:${await sign(signing.privateJwk, base)}:` };
}

/** The key directory's body: a JWKS holding the public key only. */
export function keyDirectory(signing: ProbeSigning): string {
  return JSON.stringify({ keys: [{ ...publicJwkOf(signing.privateJwk), kid: signing.keyid, alg: "Ed25519", use: "sig" }] });
}

/** The signature on the key directory's response: over the request's `@authority`, tagged for directories. */
export async function directoryResponseHeaders(signing: ProbeSigning, requestUrl: string, nowSeconds = Math.floor(Date.now() / 1000)): Promise<Record<string, string>> {
  const params =
    `("@authority";req);created=${nowSeconds};expires=${nowSeconds + SIGNATURE_LIFETIME_S}` +
    `;keyid=${JSON.stringify(signing.keyid)};alg="ed25519";tag="http-message-signatures-directory"`;
  const base = signatureBase([['"@authority";req', authorityOf(requestUrl)]], params);
  return { "signature-input": `sig1=${params}`, signature: `sig1=:${await sign(signing.privateJwk, base)}:` };
}

async function sign(privateJwk: JsonWebKey, base: string): Promise<string> {
  const key = await crypto.subtle.importKey("jwk", privateJwk, { name: "Ed25519" }, false, ["sign"]);
  return encodeBase64(new Uint8Array(await crypto.subtle.sign({ name: "Ed25519" }, key, new TextEncoder().encode(base))));
}
