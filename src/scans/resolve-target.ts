import { connectToPorts, type ConnectToRule } from "../net/connect-to.ts";
import { resolveHost, type Lookup } from "../net/resolve-host.ts";
import { FetchError } from "../net/fetch-types.ts";
import { withLocalSiteHint } from "./local-site-hint.ts";

/**
 * The DNS half of target validation: a domain is accepted when the operator listed it, or its www.
 * name, in SCAN_CONNECT_TO (on any port: those names are never looked up in public DNS), or when it,
 * or its www. name, resolves and every address is public. The scan itself resolves again through the
 * safe fetcher, so this check is for a clear 400, not the SSRF guard.
 *
 * It runs while the client waits, so a name server that never answers must not hold the request:
 * each look-up gets `timeoutMs` (getaddrinfo itself would retry for much longer).
 */
export const RESOLVE_TIMEOUT_MS = 5000;

export async function checkTargetResolves(
  domain: string,
  options: { connectTo: ConnectToRule[]; lookup?: Lookup; timeoutMs?: number },
): Promise<{ ok: true } | { ok: false; error: string }> {
  const timeoutMs = options.timeoutMs ?? RESOLVE_TIMEOUT_MS;
  let firstError: FetchError | undefined;
  for (const host of [domain, `www.${domain}`]) {
    if (connectToPorts(options.connectTo, host).length > 0) return { ok: true };
    try {
      await withTimeout(resolveHost(host, 443, options), timeoutMs, host);
      return { ok: true };
    } catch (error) {
      if (!(error instanceof FetchError)) throw error;
      // A private address is decisive: the site must not be reached through its www. name instead.
      if (error.code === "blocked-address") return { ok: false, error: withLocalSiteHint(error.message) };
      firstError ??= error;
    }
  }
  return { ok: false, error: withLocalSiteHint(firstError?.message ?? `${domain} does not resolve.`) };
}

function withTimeout<T>(work: Promise<T>, timeoutMs: number, host: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new FetchError("timeout", `${host} did not resolve within ${timeoutMs / 1000} seconds.`, `https://${host}/`)), timeoutMs);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
