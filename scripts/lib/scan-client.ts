/** The scan API as the benchmarks and the soak use it: start a scan, and watch for its stored record. */

/** POST /api/scan with a bearer token (PIPELINE_TOKEN or an API key); throws unless 200 or 202. */
export async function submitScan(base: string, token: string, domain: string, forceRescan: boolean): Promise<number> {
  const response = await fetch(`${base}/api/scan`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ url: domain, forceRescan }),
  });
  const text = await response.text();
  if (response.status !== 202 && response.status !== 200) throw new Error(`POST /api/scan ${domain} answered ${response.status}: ${text}`);
  return response.status;
}

/** The scannedAt of the domain's latest stored record, or null when it has none. */
export async function recordTime(base: string, domain: string): Promise<string | null> {
  const response = await fetch(`${base}/api/report/${domain}.json`);
  if (response.status !== 200) {
    await response.arrayBuffer();
    return null;
  }
  return ((await response.json()) as { scannedAt: string }).scannedAt;
}

/** Waits until the domain has a record other than `previous` (null: any record). */
export async function waitForRecord(base: string, domain: string, previous: string | null, timeoutMs: number, pollMs = 100): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const scannedAt = await recordTime(base, domain);
    if (scannedAt !== null && scannedAt !== previous) return scannedAt;
    await Bun.sleep(pollMs);
  }
  throw new Error(`no record for ${domain} within ${timeoutMs} ms`);
}
