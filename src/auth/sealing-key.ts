import { hkdfSync } from "node:crypto";
import { encodeBase64 } from "@oslojs/encoding";
import type { Db } from "../store/database.ts";
import { setSettingIfAbsent } from "../store/settings-repo.ts";

export const SEALING_KEY_SETTING = "sealing_key";
const INFO = "sightline sealed secrets v1";

/**
 * The key that seals secrets the server must use again later (a watch's webhook signing secret), so that
 * none is stored in plain text: derived from SEALING_SECRET when set, which then never touches the
 * database (a copy of it opens nothing); otherwise from a random key generated on first start and kept
 * in the settings table, as the ALTCHA key is, so that every instance on the database agrees.
 */
export async function resolveSealingKey(db: Db, configured: string | undefined): Promise<Uint8Array> {
  const material = configured ?? (await setSettingIfAbsent(db, SEALING_KEY_SETTING, encodeBase64(crypto.getRandomValues(new Uint8Array(32)))));
  return new Uint8Array(hkdfSync("sha256", material, new Uint8Array(0), INFO, 32));
}
