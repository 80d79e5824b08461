import type { ScanContext } from "../../analyzer.ts";
import { ARTIFACTS_VERSION, type Artifacts } from "./artifacts.ts";
import { gatherHomepage } from "./homepage.ts";
import { gatherRobotsTxt } from "./robots-txt.ts";

/**
 * Gathers every artifact of one scan: the only visibility code that touches the network.
 * The homepage comes first because it decides the origin of everything else; the gatherers that depend
 * only on that origin run in parallel (robots.txt now; llms.txt, sitemaps and crawler probes join it).
 */
export async function gatherArtifacts(context: Pick<ScanContext, "domain" | "fetcher" | "signal">): Promise<Artifacts> {
  const homepage = await gatherHomepage(context);
  const [robotsTxt] = await Promise.all([gatherRobotsTxt(context, homepage)]);
  return { version: ARTIFACTS_VERSION, domain: context.domain, homepage, robotsTxt };
}
