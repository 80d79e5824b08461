import type { Db } from "../store/database.ts";
import type { Log } from "../log.ts";
import { findUserByEmail, setUserEmailIfFree, usersWithNonAsciiEmail, type UserRow } from "../store/users-repo.ts";
import { legacyEmailForm, normalizeEmail } from "./email-address.ts";
import { holdsUnsafeCharacters } from "../lib/unsafe-characters.ts";

/**
 * Finding an account by the email typed. Addresses are stored normalised (email-address.ts); an account
 * made before that, whose address normalises to one another account holds, is still found by its address
 * as it was stored then.
 */
export async function findAccountByEmail(db: Db, typed: string): Promise<UserRow | null> {
  // No stored address holds one (sign-up refuses them), and PostgreSQL would refuse a NUL in the query.
  if (holdsUnsafeCharacters(typed)) return null;
  const normalized = normalizeEmail(typed);
  const found = await findUserByEmail(db, normalized);
  if (found) return found;
  const legacy = legacyEmailForm(typed);
  return legacy === normalized ? null : findUserByEmail(db, legacy);
}

/**
 * Normalises the addresses stored before emails were NFKC-normalised, once at start (only addresses
 * beyond ASCII can change, so this reads few rows), so that a look-alike of an existing account is
 * refused at sign-up. Two accounts whose addresses normalise to one are both kept as they are, and logged.
 */
export async function normalizeStoredEmails(db: Db, log: Log): Promise<void> {
  for (const user of await usersWithNonAsciiEmail(db)) {
    const normalized = normalizeEmail(user.email);
    if (normalized === user.email) continue;
    if (!(await setUserEmailIfFree(db, user.id, normalized))) {
      log("warn", "an account's email normalises to another account's; both are kept as they are", { userId: user.id });
    }
  }
}
