import { isCommonPassword } from "./common-passwords.ts";

/**
 * Password rules and hashing. Length is the only composition rule (NIST SP 800-63B): at least 12
 * characters, at most 256 so that hashing an absurd input stays cheap, and not one of the most common
 * passwords. Hashes are Argon2id with OWASP's minimum parameters (19 MiB, 2 iterations); Bun writes
 * them as PHC strings, so stronger parameters later still verify old hashes.
 */

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;

const ARGON2ID = { algorithm: "argon2id", memoryCost: 19456, timeCost: 2 } as const;

/** A reason the password is refused, in words for the person choosing it; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  // Code points, not UTF-16 units: an emoji is one character to the person typing it.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use a password of at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use a password of at most ${PASSWORD_MAX_LENGTH} characters.`;
  // NIST SP 800-63B 5.1.1.2 names repetitive characters among what to refuse: 12 spaces, or "aaaaaaaaaaaa".
  if (password.trim() === "") return "A password of only spaces cannot be accepted. Choose one with letters, digits or symbols, for example a few unrelated words.";
  if (isCommonPassword(password)) return "This password is one of the most commonly used ones. Choose another, for example a few unrelated words.";
  if (new Set(password).size === 1) return "A password of one character repeated is easy to guess. Choose another, for example a few unrelated words.";
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, ARGON2ID);
}

/** Never throws: a malformed stored hash simply does not verify. */
export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  try {
    return await Bun.password.verify(password, hash);
  } catch {
    return false;
  }
}

let decoyHash: Promise<string> | undefined;

/**
 * A hash to verify against when there is no account, so that a sign-in for an unknown email costs
 * the same time as one for a known email with a wrong password.
 */
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}
