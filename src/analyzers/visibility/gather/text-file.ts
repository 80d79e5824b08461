import { bodyText } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import type { LinkCheck, TextFileArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";

/** llms.txt files are meant to be short; llms-full.txt can be large, but its size and start are enough to judge it. */
export const LLMS_TXT_MAX_BYTES = 256 * 1024;
export const LLMS_FULL_TXT_MAX_BYTES = 64 * 1024;
/** A TDMRep file is a short JSON array of path rules (W3C TDMRep §3.1). */
export const TDMREP_MAX_BYTES = 64 * 1024;

/** GET a small text file (llms.txt and friends). Never throws. */
export async function fetchTextFile(context: Pick<ScanContext, "fetcher" | "signal">, url: string, maxBytes: number): Promise<TextFileArtifact> {
  try {
    const response = await context.fetcher.fetch(url, { signal: context.signal, maxBytes, headers: { accept: "text/markdown,text/plain;q=0.9,*/*;q=0.5" } });
    return {
      url,
      ok: true,
      status: response.status,
      finalUrl: response.finalUrl,
      contentType: response.headers["content-type"] ?? null,
      text: bodyText(response),
      truncated: response.truncated,
    };
  } catch (caught) {
    return { url, ok: false, error: gatherErrorFrom(caught, url) };
  }
}

/** Does a linked URL answer? A GET capped at a few bytes: many servers answer HEAD wrongly. Never throws. */
export async function checkLink(context: Pick<ScanContext, "fetcher" | "signal">, url: string): Promise<LinkCheck> {
  try {
    const response = await context.fetcher.fetch(url, { signal: context.signal, maxBytes: 4096 });
    return { url, ok: true, status: response.status, ...(response.finalUrl !== url ? { redirectedTo: response.finalUrl } : {}) };
  } catch (caught) {
    return { url, ok: false, error: gatherErrorFrom(caught, url) };
  }
}
