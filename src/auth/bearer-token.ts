/**
 * The token of an `Authorization: Bearer <token>` header (RFC 6750; the scheme name is
 * case-insensitive). Null when the header is anything else, including a bearer with no token.
 */
export function bearerTokenOf(authorization: string): string | null {
  const match = /^bearer +(\S+) *$/i.exec(authorization);
  return match?.[1] ?? null;
}
