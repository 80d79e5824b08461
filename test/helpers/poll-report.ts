/** Polls GET /api/report/:domain.json as a client would (every 250 ms here) until it answers 200. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function pollReport(baseUrl: string, domain: string, timeoutMs: number): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  let last = 0;
  while (Date.now() < deadline) {
    const response = await fetch(`${baseUrl}/api/report/${domain}.json`);
    last = response.status;
    if (response.status === 200) return response.json();
    await response.arrayBuffer();
    await Bun.sleep(250);
  }
  throw new Error(`no record for ${domain} within ${timeoutMs} ms (last status ${last})`);
}
