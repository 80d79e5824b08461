import { bodyText } from "../../../net/fetch-types.ts";
import type { ScanContext } from "../../analyzer.ts";
import type { RobotsTxtArtifact } from "./artifacts.ts";
import { gatherErrorFrom } from "./gather-error.ts";

/** Google reads the first 500 KiB of robots.txt; a little more keeps us from cutting rules it would see. */
export const ROBOTS_TXT_MAX_BYTES = 512 * 1024;

export function skippedRobotsTxt(url: string): RobotsTxtArtifact {
  return { ok: false, url, error: { code: "skipped", message: "The site could not be reached, so robots.txt was not requested.", url } };
}

/** GET <origin>/robots.txt. Never throws. */
export async function fetchRobotsTxt(context: Pick<ScanContext, "fetcher" | "signal">, origin: string): Promise<RobotsTxtArtifact> {
  const url = `${origin}/robots.txt`;
  try {
    const response = await context.fetcher.fetch(url, {
      signal: context.signal,
      maxBytes: ROBOTS_TXT_MAX_BYTES,
      headers: { accept: "text/plain,*/*;q=0.5" },
    });
    return {
      ok: true,
      url,
      finalUrl: response.finalUrl,
      status: response.status,
      contentType: response.headers["content-type"] ?? null,
      text: bodyText(response),
      truncated: response.truncated,
      redirects: response.redirects,
    };
  } catch (caught) {
    return { ok: false, url, error: gatherErrorFrom(caught, url) };
  }
}
