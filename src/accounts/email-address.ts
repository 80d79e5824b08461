import { holdsUnsafeCharacters, unsafeCharactersMessage } from "../lib/unsafe-characters.ts";

/**
 * Email addresses as account names: NFKC-normalised, trimmed and lower-cased, so that one mailbox is one
 * account, and fullwidth or other compatibility look-alikes (ａｄａ@ｅｘａｍｐｌｅ.com) are the address they
 * look like (Unicode UAX #15; RFC 8265's PRECIS profiles map width the same way). The check is deliberately
 * plain (something@domain.tld, no spaces, sane length): there is no verification mail, so the only aim is
 * to catch typos, not to parse RFC 5322. Control characters and direction marks are refused.
 */

export const EMAIL_MAX_LENGTH = 254;
const SHAPE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/u;

export type EmailCheck = { ok: true; email: string } | { ok: false; error: string };

export function normalizeEmail(raw: string): string {
  return raw.normalize("NFKC").trim().toLowerCase();
}

/** How addresses were stored before they were NFKC-normalised: accounts made then are still found by it. */
export function legacyEmailForm(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkEmail(raw: string): EmailCheck {
  if (holdsUnsafeCharacters(raw)) return { ok: false, error: unsafeCharactersMessage("An email address") };
  const email = normalizeEmail(raw);
  if (email.length === 0) return { ok: false, error: "Enter your email address." };
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, error: `An email address has at most ${EMAIL_MAX_LENGTH} characters.` };
  if (!SHAPE.test(email) || email.includes("..")) return { ok: false, error: "Enter an email address such as name@example.com." };
  return { ok: true, email };
}
