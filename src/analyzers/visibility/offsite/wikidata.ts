import type { OffsiteEndpoints } from "../../analyzer.ts";
import type { OffsiteCheck } from "../gather/artifacts.ts";
import { type OffsiteFetchOptions, OffsiteError, offsiteFetch, parseJson, reasonOf } from "./offsite-fetch.ts";

/** Every form the official website (P856) of the domain's item is commonly written in. */
export function websiteVariants(domain: string): string[] {
  return ["https", "http"].flatMap((scheme) => [domain, `www.${domain}`].flatMap((host) => [`${scheme}://${host}`, `${scheme}://${host}/`]));
}

/**
 * Items whose official website is exactly one of the domain's URL variants, with their English
 * Wikipedia article when there is one.
 */
export function wikidataQuery(domain: string): string {
  const values = websiteVariants(domain)
    .map((url) => `<${url}>`)
    .join(" ");
  return [
    "SELECT ?item ?article WHERE {",
    `  VALUES ?site { ${values} }`,
    "  ?item wdt:P856 ?site .",
    "  OPTIONAL { ?article schema:about ?item ; schema:isPartOf <https://en.wikipedia.org/> . }",
    "} LIMIT 5",
  ].join("\n");
}

export interface WikidataAnswer {
  check: OffsiteCheck;
  /** The English Wikipedia article of the item, when the item has one. */
  article: string | null;
}

export async function checkWikidata(domain: string, endpoints: Pick<OffsiteEndpoints, "wikidataSparqlUrl">, options: OffsiteFetchOptions = {}): Promise<WikidataAnswer> {
  try {
    const url = new URL(endpoints.wikidataSparqlUrl);
    url.searchParams.set("format", "json");
    url.searchParams.set("query", wikidataQuery(domain));
    const response = await offsiteFetch(url.href, options, "application/sparql-results+json");
    if (response.status !== 200) throw new OffsiteError(`the Wikidata query service answered HTTP ${response.status}`);
    const bindings = (parseJson(response.text, "The Wikidata query service") as { results?: { bindings?: unknown } }).results?.bindings;
    if (!Array.isArray(bindings)) throw new OffsiteError("the Wikidata query service answered without a result list");
    const first = bindings.find((binding) => typeof binding?.item?.value === "string") as { item: { value: string }; article?: { value?: string } } | undefined;
    if (!first) {
      return {
        check: { status: "not_found", detail: `No Wikidata item gives ${domain} as its official website (P856).`, url: null },
        article: null,
      };
    }
    const itemUrl = itemPage(first.item.value);
    const withArticle = bindings.find((binding) => typeof binding?.article?.value === "string") as { article: { value: string } } | undefined;
    return {
      check: { status: "found", detail: `Wikidata item ${itemUrl.split("/").pop()} gives ${domain} as its official website.`, url: itemUrl },
      article: withArticle?.article.value ?? null,
    };
  } catch (error) {
    return { check: { status: "unknown", detail: `Wikidata could not be checked: ${reasonOf(error)}.`, url: null }, article: null };
  }
}

/** http://www.wikidata.org/entity/Q42 → https://www.wikidata.org/wiki/Q42, the page a person can open. */
function itemPage(entity: string): string {
  const id = /\/(Q\d+)$/.exec(entity)?.[1];
  return id ? `https://www.wikidata.org/wiki/${id}` : entity;
}
