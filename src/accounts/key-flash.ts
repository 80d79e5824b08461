import { hkdfSync } from "node:crypto";
import { open, seal } from "../lib/sealed-box.ts";
import type { CreatedApiKey } from "../auth/api-key-service.ts";
import { hashSessionToken } from "../auth/sessions.ts";
import { insertKeyFlash, purgeKeyFlashes, takeKeyFlashes } from "../store/key-flashes-repo.ts";
import type { AccountDeps } from "./account-deps.ts";

/**
 * The one-time display of a new API key across the redirect that follows its creation (Post/Redirect/
 * Get): the POST leaves the key here, the page it redirects to takes it, and a reload finds nothing.
 *
 * The key must never reach the database in plain text, and the redirect must not carry it (URLs end up
 * in logs and history). So the flash is sealed with AES-256-GCM under a key derived from the session's
 * cookie token, which only the browser holds (the sessions table keeps its hash): a copy of the database
 * cannot open it, and only the same session can take it. It is kept for minutes, not until sign-out.
 */

export const KEY_FLASH_TTL_MS = 10 * 60_000;
const INFO = "sightline new-key flash v1";

export async function holdNewKey(deps: AccountDeps, sessionToken: string, created: CreatedApiKey): Promise<void> {
  const now = deps.now();
  await purgeKeyFlashes(deps.db, now);
  await insertKeyFlash(deps.db, hashSessionToken(sessionToken), seal(keyFor(sessionToken), JSON.stringify(created)), now + KEY_FLASH_TTL_MS);
}

/** The keys this session created and has not been shown yet, oldest first; each is returned once only. */
export async function takeNewKeys(deps: AccountDeps, sessionToken: string): Promise<CreatedApiKey[]> {
  const keys: CreatedApiKey[] = [];
  for (const sealed of await takeKeyFlashes(deps.db, hashSessionToken(sessionToken), deps.now())) {
    const opened = open(keyFor(sessionToken), sealed);
    if (opened !== null) keys.push(JSON.parse(opened) as CreatedApiKey);
  }
  return keys;
}

function keyFor(sessionToken: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionToken, new Uint8Array(0), INFO, 32));
}
