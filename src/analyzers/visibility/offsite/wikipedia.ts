import type { OffsiteEndpoints } from "../../analyzer.ts";
import { type OffsiteFetchOptions, OffsiteError, offsiteFetch, parseJson } from "./offsite-fetch.ts";

export const CITATION_LIMIT = 5;

/** How many English Wikipedia articles link to the domain (at most CITATION_LIMIT). Throws OffsiteError. */
export async function countWikipediaCitations(domain: string, endpoints: Pick<OffsiteEndpoints, "wikipediaApiUrl">, options: OffsiteFetchOptions = {}): Promise<number> {
  const url = new URL(endpoints.wikipediaApiUrl);
  for (const [name, value] of Object.entries({ action: "query", list: "exturlusage", euquery: domain, eunamespace: "0", eulimit: String(CITATION_LIMIT), format: "json" })) {
    url.searchParams.set(name, value);
  }
  const response = await offsiteFetch(url.href, options);
  if (response.status !== 200) throw new OffsiteError(`the Wikipedia API answered HTTP ${response.status}`);
  const body = parseJson(response.text, "The Wikipedia API") as { query?: { exturlusage?: unknown }; error?: { info?: string } };
  if (body.error) throw new OffsiteError(`the Wikipedia API refused the query (${String(body.error.info ?? "no reason given")})`);
  const usage = body.query?.exturlusage;
  if (!Array.isArray(usage)) throw new OffsiteError("the Wikipedia API answered without a list of pages");
  return new Set(usage.map((entry: { pageid?: unknown; title?: unknown }) => String(entry?.pageid ?? entry?.title))).size;
}
