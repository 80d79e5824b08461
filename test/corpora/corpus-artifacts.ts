import type { Artifacts } from "../../src/analyzers/visibility/gather/artifacts.ts";
import { homepage, llms, site } from "../analyzers/visibility/sample-site.ts";
import { domainOf } from "./corpus-sites.ts";

/**
 * A corpus page as the artifacts of a scan of a site of its own, without servers: the page is the
 * homepage of https://p<i>.secure.test/ (as corpus-sites.ts serves it), with no sampled pages, no llms.txt
 * and off-site checks off. For tests that judge audits (pure functions of artifacts) on real pages.
 */
export function corpusSite(html: string, index: number): Artifacts {
  const origin = `https://${domainOf(index)}`;
  return {
    ...site({
      homepage: homepage({ requestedUrl: `${origin}/`, finalUrl: `${origin}/`, html }),
      samplePages: [],
      llmsTxt: [llms("", { status: 404, url: `${origin}/llms.txt` }), llms("", { status: 404, url: `${origin}/.well-known/llms.txt` })],
      offsite: null,
    }),
    domain: domainOf(index),
  };
}
