import type { ScanContext } from "../../analyzer.ts";
import type { HttpRedirectArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";

/** GET http://<host>/ without following redirects: a site on https should send plain-http visitors there. Never throws. */
export async function gatherHttpRedirect(context: Pick<ScanContext, "fetcher" | "signal">, url: string): Promise<HttpRedirectArtifact> {
  try {
    const response = await context.fetcher.fetch(url, { signal: context.signal, followRedirects: false, maxBytes: 16 * 1024 });
    return { ok: true, url, status: response.status, location: response.headers.location ?? null };
  } catch (caught) {
    return { ok: false, url, error: gatherErrorFrom(caught, url) };
  }
}
