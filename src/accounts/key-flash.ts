import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
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
const IV_BYTES = 12;
const TAG_BYTES = 16;
const INFO = "sightline new-key flash v1";

export async function holdNewKey(deps: AccountDeps, sessionToken: string, created: CreatedApiKey): Promise<void> {
  const now = deps.now();
  await purgeKeyFlashes(deps.db, now);
  await insertKeyFlash(deps.db, hashSessionToken(sessionToken), seal(sessionToken, JSON.stringify(created)), now + KEY_FLASH_TTL_MS);
}

/** The keys this session created and has not been shown yet, oldest first; each is returned once only. */
export async function takeNewKeys(deps: AccountDeps, sessionToken: string): Promise<CreatedApiKey[]> {
  const keys: CreatedApiKey[] = [];
  for (const sealed of await takeKeyFlashes(deps.db, hashSessionToken(sessionToken), deps.now())) {
    const opened = open(sessionToken, sealed);
    if (opened !== null) keys.push(JSON.parse(opened) as CreatedApiKey);
  }
  return keys;
}

function keyFor(sessionToken: string): Buffer {
  return Buffer.from(hkdfSync("sha256", sessionToken, new Uint8Array(0), INFO, 32));
}

function seal(sessionToken: string, plaintext: string): Uint8Array {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", keyFor(sessionToken), iv);
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return new Uint8Array(Buffer.concat([iv, body, cipher.getAuthTag()]));
}

/** The plaintext, or null when the seal does not open with this token (tampered, or another session's). */
function open(sessionToken: string, sealed: Uint8Array): string | null {
  if (sealed.length < IV_BYTES + TAG_BYTES) return null;
  const bytes = Buffer.from(sealed);
  try {
    const decipher = createDecipheriv("aes-256-gcm", keyFor(sessionToken), bytes.subarray(0, IV_BYTES));
    decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
