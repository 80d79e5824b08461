/**
 * Who asked for a scan: the one description used from the request to the stored record. It decides
 * which rate-limit bucket the scan counts in (a customer key has its own; everyone else counts
 * against their address), and it is stored with the job and the scan as two columns, `caller_kind`
 * and `api_key_id` (set only for a key).
 *
 * - `pipeline`: the operator's PIPELINE_TOKEN;
 * - `key`: a customer or operator API key;
 * - `challenge`: an anonymous visitor who solved the proof-of-work challenge (web form or API);
 * - `mcp`: an MCP client without a key;
 * - `cli`: `sightline` commands run by the operator (re-scoring);
 * - `schedule`: the rescan of a watched domain on its schedule (answers/answer-schedules.ts).
 */
export type Caller = { kind: "key"; keyId: number } | { kind: "pipeline" | "challenge" | "mcp" | "cli" | "schedule" };

/** The caller as stored: its kind, and the key's id (null for every kind but `key`). */
export function callerColumns(caller: Caller): { kind: Caller["kind"]; apiKeyId: number | null } {
  return caller.kind === "key" ? { kind: "key", apiKeyId: caller.keyId } : { kind: caller.kind, apiKeyId: null };
}

/** The caller from its stored columns. A `key` row whose key was deleted (api_key_id set NULL) reads back as keyId 0. */
export function callerFromColumns(kind: Caller["kind"], apiKeyId: number | null): Caller {
  return kind === "key" ? { kind: "key", keyId: apiKeyId ?? 0 } : { kind };
}
