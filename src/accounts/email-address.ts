/**
 * Email addresses as account names: trimmed and lower-cased, so that one mailbox is one account.
 * The check is deliberately plain (something@domain.tld, no spaces, sane length): there is no
 * verification mail, so the only aim is to catch typos, not to parse RFC 5322.
 */

export const EMAIL_MAX_LENGTH = 254;
const SHAPE = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:".]{2,}$/u;

export type EmailCheck = { ok: true; email: string } | { ok: false; error: string };

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}

export function checkEmail(raw: string): EmailCheck {
  const email = normalizeEmail(raw);
  if (email.length === 0) return { ok: false, error: "Enter your email address." };
  if (email.length > EMAIL_MAX_LENGTH) return { ok: false, error: `An email address has at most ${EMAIL_MAX_LENGTH} characters.` };
  if (!SHAPE.test(email) || email.includes("..")) return { ok: false, error: "Enter an email address such as name@example.com." };
  return { ok: true, email };
}
