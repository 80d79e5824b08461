import { bodyText, FetchError } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import type { PageFetchError, SchemaArtifacts } from "./page-artifact.ts";

const ACCEPT_HTML = "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8";
/** Failures where the same page over plain http, or on the www. name, may still answer. */
const TRY_NEXT: ReadonlySet<string> = new Set(["dns", "connect", "tls", "timeout", "blocked-address"]);

/**
 * Fetches the one page the user asked about (the domain's homepage when no URL was given), through
 * the SafeFetcher: the only network I/O of a schema scan. Never throws.
 */
export async function gatherPage(context: Pick<ScanContext, "domain" | "url" | "fetcher" | "signal">): Promise<SchemaArtifacts> {
  const attempts: PageFetchError[] = [];
  for (const url of candidates(context.domain, context.url)) {
    try {
      const response = await context.fetcher.fetch(url, { signal: context.signal, headers: { accept: ACCEPT_HTML } });
      return {
        page: {
          ok: true,
          requestedUrl: url,
          finalUrl: response.finalUrl,
          status: response.status,
          contentType: response.headers["content-type"] ?? "",
          html: bodyText(response),
          bytesRead: response.body.byteLength,
          truncated: response.truncated,
          ...(response.overBudget ? { cutByBudget: true } : {}),
        },
      };
    } catch (caught) {
      const error: PageFetchError =
        caught instanceof FetchError
          ? { code: caught.code, message: caught.message, url }
          : { code: "internal", message: caught instanceof Error ? caught.message : String(caught), url };
      attempts.push(error);
      if (!TRY_NEXT.has(error.code)) break;
    }
  }
  return { page: { ok: false, error: attempts[attempts.length - 1]!, attempts } };
}

/** The URL as given, then the same over http when https does not connect; for a bare domain, its www. name too. */
function candidates(domain: string, url: string | undefined): string[] {
  if (url) {
    const parsed = new URL(url);
    if (parsed.protocol === "http:") return [url];
    parsed.protocol = "http:";
    return [url, parsed.href];
  }
  return [`https://${domain}/`, `http://${domain}/`, `https://www.${domain}/`, `http://www.${domain}/`];
}
