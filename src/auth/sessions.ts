import { sha256 } from "@oslojs/crypto/sha2";
import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";

/**
 * Session tokens and their cookies. A token is 160 random bits written in base32; the browser keeps
 * the token, the database only its SHA-256. When PUBLIC_URL is https the cookie is `Secure` and
 * carries the `__Host-` prefix, which browsers accept only from a secure origin, with Path=/ and no
 * Domain: no other host (a sibling subdomain included) can set or shadow it.
 */

export type SessionCookieKind = "user" | "admin";

const TOKEN_BYTES = 20;
const TOKEN_PATTERN = /^[a-z2-7]{32}$/;

export function generateSessionToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/**
 * The key a session is stored under. A session bound to credentials (the admin's: admin-session-binding.ts)
 * is stored under the digest of its token followed by the binding, so once the credentials change the
 * cookie names no stored session.
 */
export function hashSessionToken(token: string, binding: Uint8Array | null = null): Uint8Array {
  const encoded = new TextEncoder().encode(token);
  if (binding === null) return sha256(encoded);
  const bound = new Uint8Array(encoded.length + binding.length);
  bound.set(encoded);
  bound.set(binding, encoded.length);
  return sha256(bound);
}

/** Whether `value` is shaped like one of our tokens; anything else is not looked up. */
export function isSessionTokenShaped(value: string): boolean {
  return TOKEN_PATTERN.test(value);
}

export function isSecurePublicUrl(publicUrl: string): boolean {
  return publicUrl.toLowerCase().startsWith("https://");
}

export function sessionCookieName(kind: SessionCookieKind, publicUrl: string): string {
  const base = kind === "admin" ? "sightline_admin" : "sightline_session";
  return isSecurePublicUrl(publicUrl) ? `__Host-${base}` : base;
}

/** The Set-Cookie value that gives the browser `token`; `maxAgeSeconds` matches the absolute expiry. */
export function sessionCookie(kind: SessionCookieKind, publicUrl: string, token: string, maxAgeSeconds: number): string {
  return serialize(sessionCookieName(kind, publicUrl), token, Math.max(0, Math.floor(maxAgeSeconds)), publicUrl);
}

/** The Set-Cookie value that makes the browser forget the session cookie. */
export function clearedSessionCookie(kind: SessionCookieKind, publicUrl: string): string {
  return serialize(sessionCookieName(kind, publicUrl), "", 0, publicUrl);
}

function serialize(name: string, value: string, maxAgeSeconds: number, publicUrl: string): string {
  const secure = isSecurePublicUrl(publicUrl) ? "; Secure" : "";
  return `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`;
}

/** The value of cookie `name` in a Cookie header, or null. The first one wins, as browsers order them. */
export function readCookie(header: string | null, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const separator = part.indexOf("=");
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return null;
}
