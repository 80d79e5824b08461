import type { OffsiteEndpoints } from "../../analyzer.ts";
import type { OffsiteCheck } from "../gather/artifacts.ts";
import { type OffsiteFetchOptions, OffsiteError, offsiteFetch, parseJson, reasonOf } from "./offsite-fetch.ts";

/** The newest collections asked: a site crawled recently shows up in one of them. */
const COLLECTIONS = 2;

type Collection = { id: string; cdxApi: string };

/**
 * Common Crawl is the open web corpus most AI models are trained on: a capture of the domain in one of
 * the two newest crawls shows that its pages reach it. Never throws: anything unexpected is `unknown`.
 */
export async function checkCommonCrawl(domain: string, endpoints: Pick<OffsiteEndpoints, "commonCrawlIndexUrl">, options: OffsiteFetchOptions = {}): Promise<OffsiteCheck> {
  try {
    const collections = await newestCollections(endpoints.commonCrawlIndexUrl, options);
    const answers = await Promise.all(collections.map((collection) => captureIn(collection, domain, options)));
    const found = answers.find((answer) => answer.kind === "capture");
    if (found && found.kind === "capture") {
      return { status: "found", detail: `Common Crawl ${found.collection} holds pages of ${domain} (e.g. ${found.url}).`, url: found.url };
    }
    if (answers.every((answer) => answer.kind === "none")) {
      return { status: "not_found", detail: `Neither of the newest Common Crawl collections (${collections.map((collection) => collection.id).join(", ")}) holds a page of ${domain}.`, url: null };
    }
    const problem = answers.find((answer) => answer.kind === "problem");
    return { status: "unknown", detail: `Common Crawl could not be checked: ${problem && problem.kind === "problem" ? problem.reason : "no clear answer"}.`, url: null };
  } catch (error) {
    return { status: "unknown", detail: `Common Crawl could not be checked: ${reasonOf(error)}.`, url: null };
  }
}

async function newestCollections(indexUrl: string, options: OffsiteFetchOptions): Promise<Collection[]> {
  const response = await offsiteFetch(`${indexUrl.replace(/\/+$/, "")}/collinfo.json`, options);
  if (response.status !== 200) throw new OffsiteError(`the Common Crawl index answered HTTP ${response.status} for collinfo.json`);
  const list = parseJson(response.text, "The Common Crawl index");
  if (!Array.isArray(list)) throw new OffsiteError("collinfo.json is not a list of collections");
  const collections = list
    .filter((entry): entry is { id: string; "cdx-api": string } => typeof entry?.id === "string" && typeof entry?.["cdx-api"] === "string" && /^https?:\/\//.test(entry["cdx-api"]))
    .slice(0, COLLECTIONS)
    .map((entry) => ({ id: entry.id, cdxApi: entry["cdx-api"] }));
  if (collections.length === 0) throw new OffsiteError("collinfo.json lists no collection with a CDX API");
  return collections;
}

type CaptureAnswer = { kind: "capture"; collection: string; url: string } | { kind: "none" } | { kind: "problem"; reason: string };

async function captureIn(collection: Collection, domain: string, options: OffsiteFetchOptions): Promise<CaptureAnswer> {
  try {
    const url = new URL(collection.cdxApi);
    url.searchParams.set("url", `${domain}/*`);
    url.searchParams.set("output", "json");
    url.searchParams.set("limit", "1");
    const response = await offsiteFetch(url.href, options);
    if (response.status === 404 && /No Captures found/i.test(response.text)) return { kind: "none" };
    if (response.status !== 200) return { kind: "problem", reason: `${collection.id} answered HTTP ${response.status}` };
    const line = response.text.split("\n").find((entry) => entry.trim() !== "");
    if (!line) return { kind: "problem", reason: `${collection.id} answered with an empty body` };
    const capture = parseJson(line, `Common Crawl ${collection.id}`) as { url?: unknown };
    if (typeof capture?.url !== "string") return { kind: "problem", reason: `${collection.id} answered without a captured URL` };
    return { kind: "capture", collection: collection.id, url: capture.url };
  } catch (error) {
    return { kind: "problem", reason: reasonOf(error) };
  }
}
