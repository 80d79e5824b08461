/** Small pieces the benchmarks share. */

/** A port that was free a moment ago (the OS picks it; the listener is closed again at once). */
export async function freePort(): Promise<number> {
  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = server.port!;
  await server.stop(true);
  return port;
}

/** Polls `url` until it answers 2xx; `gone` names why waiting is pointless (the server exited), or null while it runs. */
export async function waitForHealthy(url: string, timeoutMs = 20_000, gone: () => string | null = () => null): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const reason = gone();
    if (reason !== null) throw new Error(`${url} will not become healthy: ${reason}`);
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs} ms`);
}
