import type { ConnectToRule } from "../net/connect-to.ts";
import { resolveHost, type Lookup } from "../net/resolve-host.ts";
import { FetchError } from "../net/fetch-types.ts";

/**
 * The DNS half of target validation: a domain is accepted when it, or its www. name, resolves and
 * every address is public (or the operator listed it in SCAN_CONNECT_TO). The scan itself resolves
 * again through the safe fetcher, so this check is for a clear 400, not the SSRF guard.
 */
export async function checkTargetResolves(
  domain: string,
  options: { connectTo: ConnectToRule[]; lookup?: Lookup },
): Promise<{ ok: true } | { ok: false; error: string }> {
  let firstError: FetchError | undefined;
  for (const host of [domain, `www.${domain}`]) {
    for (const port of [443, 80]) {
      try {
        await resolveHost(host, port, options);
        return { ok: true };
      } catch (error) {
        if (!(error instanceof FetchError)) throw error;
        // A private address is decisive: the site must not be reached through its www. name instead.
        if (error.code === "blocked-address") return { ok: false, error: error.message };
        firstError ??= error;
      }
    }
  }
  return { ok: false, error: firstError?.message ?? `${domain} does not resolve.` };
}
