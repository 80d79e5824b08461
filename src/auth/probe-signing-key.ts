import type { Db } from "../store/database.ts";
import { setSettingIfAbsent } from "../store/settings-repo.ts";
import { type ProbeSigning, generateSigningJwk, probeSigningFrom } from "../net/web-bot-auth.ts";

export const PROBE_SIGNING_KEY_SETTING = "probe_signing_key";

/**
 * The Ed25519 key that signs the crawler probes (Web Bot Auth) when SIGNED_PROBES=on: made on first start
 * and kept in the database, so that its key directory, and an owner's CDN rule trusting it, outlive restarts
 * and hold for a second process. Off, no key is made and none is read.
 */
export async function resolveProbeSigning(db: Db, config: { SIGNED_PROBES: "on" | "off"; PUBLIC_URL: string }): Promise<ProbeSigning | null> {
  if (config.SIGNED_PROBES !== "on") return null;
  const stored = await setSettingIfAbsent(db, PROBE_SIGNING_KEY_SETTING, JSON.stringify(await generateSigningJwk()));
  return probeSigningFrom(JSON.parse(stored) as JsonWebKey, config.PUBLIC_URL.replace(/\/+$/, ""));
}
