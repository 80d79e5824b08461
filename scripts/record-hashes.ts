/**
 * Proof that a change leaves every visibility verdict as it was: hashes the record of every stored page.
 *
 *   bun scripts/record-hashes.ts capture <file.json>   scans the 286 corpus pages and the fixture sites on
 *                                                      loopback and stores their artifacts
 *   bun scripts/record-hashes.ts hash <file.json>      prints "id hash" for the records of those artifacts and
 *                                                      of the hand-made sites (test/analyzers/visibility)
 *
 * Capture once, then hash with the code before and after the change (copy this file into a checkout of the
 * older commit) and diff the two lists. Verdicts are hashed from stored artifacts, not from live scans: on a
 * loaded machine the loopback fetches themselves vary (a reset connection, a slower first byte), which would
 * hide a real difference among false ones. Measured times are set to one figure before scoring.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import type { Artifacts } from "../src/analyzers/visibility/gather/artifacts.ts";
import { visibilityAnalyzer } from "../src/analyzers/visibility/index.ts";
import { scoreArtifacts } from "../src/analyzers/visibility/score-artifacts.ts";
import { parseConnectTo } from "../src/net/connect-to.ts";
import { createSafeFetcher } from "../src/net/safe-fetch.ts";
import { scanCorpusPages } from "../test/corpora/corpus-sites.ts";
import { corpusEntries, loadPage } from "../test/corpora/real-pages-corpus.ts";
import { bakerySite, personalBlogSite, plainSite } from "../test/analyzers/visibility/advice-sites.ts";
import { SITES } from "../test/analyzers/visibility/audits/audit-sites.ts";
import { wellPreparedSite } from "../test/fixtures/sites/well-prepared.ts";
import * as platformBlocks from "../test/fixtures/sites/platform-blocks.ts";
import * as problemSites from "../test/fixtures/sites/problem-sites.ts";
import { type FixtureHandler, startFixtureSite, testCaPem } from "../test/helpers/fixture-server.ts";

interface Captured {
  id: string;
  domain: string;
  artifacts: Artifacts;
}

const NOW = new Date("2026-11-28T00:00:00Z");
const TIMES = /^(ttfbMs|totalMs|gatherMs|durationMs|elapsedMs)$/;
const [mode, file] = process.argv.slice(2);
if ((mode !== "capture" && mode !== "hash") || !file) {
  console.error("usage: bun scripts/record-hashes.ts capture|hash <file.json>");
  process.exit(2);
}
if (mode === "capture") {
  const captured = [...(await scanFixtureSites()), ...(await scanCorpus())];
  writeFileSync(file, JSON.stringify(captured));
  console.error(`${captured.length} sites captured`);
} else {
  const captured = JSON.parse(readFileSync(file, "utf8")) as Captured[];
  const sites: Captured[] = [
    ...Object.entries(SITES).map(([name, artifacts]) => ({ id: `hand-made:${name}`, domain: "example.com", artifacts })),
    ...[bakerySite, personalBlogSite, plainSite].map((site) => ({ id: `advice:${site.name}`, domain: "example.com", artifacts: site() })),
    ...captured,
  ];
  for (const site of sites) console.log(site.id, hashOf(scoreArtifacts(site.domain, steady(site.artifacts), NOW)));
}

function hashOf(record: unknown): string {
  return createHash("sha256").update(JSON.stringify(record, (key, value: unknown) => (key === "durationMs" ? undefined : value))).digest("hex").slice(0, 16);
}

/** A JSON copy of the artifacts, as the store keeps them, with every measured time set to 100 ms. */
function steady(artifacts: Artifacts): Artifacts {
  return JSON.parse(JSON.stringify(artifacts), (key, value: unknown) => (TIMES.test(key) && typeof value === "number" ? 100 : value)) as Artifacts;
}

async function scanCorpus(): Promise<Captured[]> {
  const scanned = await scanCorpusPages(corpusEntries().map(loadPage), { concurrency: 4, now: NOW });
  return scanned.map((page) => ({ id: `corpus:${page.page.id}`, domain: page.domain, artifacts: steady(page.artifacts) }));
}

async function scanFixtureSites(): Promise<Captured[]> {
  const makers: Record<string, (name: string) => Record<string, FixtureHandler>> = { wellPreparedSite, ...platformBlocks, ...problemSites };
  const captured: Captured[] = [];
  for (const [name, make] of Object.entries(makers)) {
    if (!name.endsWith("Site")) continue;
    const host = `${name.toLowerCase()}.secure.test`;
    const https = await startFixtureSite(make(host), { tls: true });
    const http = await startFixtureSite((request) => new Response(null, { status: 301, headers: { location: `https://${host}${new URL(request.url).pathname}` } }));
    try {
      const fetcher = createSafeFetcher({ connectTo: parseConnectTo([https.connectTo(host), http.connectTo(host, 80)]), timeoutMs: 15_000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-record-hashes)", extraCaPem: testCaPem() });
      const offsite = { enabled: false, wikidataSparqlUrl: "", wikipediaApiUrl: "", commonCrawlIndexUrl: "" };
      const { artifacts } = await visibilityAnalyzer.scan({ domain: host, fetcher, signal: AbortSignal.timeout(60_000), offsite, now: () => NOW });
      captured.push({ id: `fixture:${name}`, domain: host, artifacts: steady(artifacts as Artifacts) });
    } finally {
      await Promise.all([https.stop(), http.stop()]);
    }
  }
  return captured;
}
