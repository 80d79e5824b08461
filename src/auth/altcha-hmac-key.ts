import { encodeBase64 } from "@oslojs/encoding";
import type { Db } from "../store/database.ts";
import { setSettingIfAbsent } from "../store/settings-repo.ts";

export const ALTCHA_HMAC_KEY_SETTING = "altcha_hmac_key";

/**
 * The secret that signs ALTCHA challenges: ALTCHA_HMAC_KEY when set, otherwise a random 32-byte key
 * generated on first start and kept in the database, so that restarts and a second process
 * (CLI beside the server) accept the challenges already issued.
 */
export async function resolveAltchaHmacKey(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  const generated = encodeBase64(crypto.getRandomValues(new Uint8Array(32)));
  return setSettingIfAbsent(db, ALTCHA_HMAC_KEY_SETTING, generated);
}
