/**
 * The visibility fixes that carry code, on 286 real pages (../shared/corpora/real-pages): each page is the
 * homepage of a site of its own (as corpus-sites.ts serves it, with no llms.txt), judged twice: as is, and
 * with one of the robots.txt shapes of robots-variants.ts (cycled) and no sitemap, so that the fixes for
 * robots.txt and the sitemap are proven beside the page's own markup; every placed fix is
 * applied as it says and judged again by the round trip of test/analyzers/visibility/fix-round-trip.ts: the
 * finding goes, every reference resolves, no structured-data error is new, and the schema service suggests
 * no node of a type the fix added. Judged on the scan's artifacts (audits are pure functions of them), so the
 * run needs no servers.
 */
import { describe, expect, test } from "bun:test";
import { runAudit } from "../../src/analyzers/visibility/audits/run-audit.ts";
import { auditById, PLACED_AUDITS, roundTripProblems } from "../analyzers/visibility/fix-round-trip.ts";
import { corpusSite } from "./corpus-artifacts.ts";
import type { Artifacts } from "../../src/analyzers/visibility/gather/artifacts.ts";
import { robotsGroups } from "../../src/analyzers/visibility/derive/robots/robots-groups.ts";
import { ROBOTS_VARIANTS } from "../analyzers/visibility/robots-variants.ts";
import { CORPUS_DIR, corpusAvailable, corpusEntries, loadPage } from "./real-pages-corpus.ts";

const ROBOTS_TEXTS = Object.values(ROBOTS_VARIANTS);
/** The fixes the variant changes the outcome of; the page's markup fixes are judged once, on the page as is. */
const VARIANT_AUDITS = ["robots-ai-search-access", "ai-platform-reach", "sitemap-valid", "robots-sitemap"] as const;

/** The site with robots.txt `text` (its URLs moved to the site's origin) and a sitemap that answers 404 where the scan would look for it. */
function withRobotsAndNoSitemap(artifacts: Artifacts, text: string): Artifacts {
  const origin = `https://${artifacts.domain}`;
  const body = text.replaceAll("https://example.com", origin);
  const listed = robotsGroups(body.split(/\r\n|\r|\n/)).sitemaps[0]?.url;
  const url = `${origin}/robots.txt`;
  return {
    ...artifacts,
    robotsTxt: { ok: true, url, finalUrl: url, status: 200, contentType: "text/plain", text: body, truncated: false, redirects: [] },
    sitemap: { ok: true, source: listed ? "robots" : "default", url: listed ?? `${origin}/sitemap.xml`, status: 404, contentType: "text/html", kind: null, entries: 0, withLastmod: 0, newestLastmod: null, sample: [], truncated: false },
  };
}

const available = corpusAvailable();
if (!available) console.warn(`real-pages fix round-trip test skipped: ${CORPUS_DIR} is absent (it lives in ../shared beside the repository).`);

describe.skipIf(!available)("real-pages corpus: visibility fixes round trip", () => {
  test("every placed fix made for a real page clears its finding there and breaks nothing", () => {
    const unsound: string[] = [];
    const judged = new Map<string, number>(PLACED_AUDITS.map((id) => [id, 0]));
    corpusEntries().forEach((entry, index) => {
      const artifacts = corpusSite(loadPage(entry).html, index);
      // The same page again, its site with one of the robots.txt shapes sites write (cycled) and no sitemap.
      const variant = withRobotsAndNoSitemap(artifacts, ROBOTS_TEXTS[index % ROBOTS_TEXTS.length]!);
      for (const [label, site, audits] of [["", artifacts, PLACED_AUDITS], [" (robots variant, no sitemap)", variant, VARIANT_AUDITS]] as const) {
        for (const id of audits) {
          const outcome = runAudit(auditById(id), site);
          if (!outcome.fix?.code) continue;
          judged.set(id, judged.get(id)! + 1);
          const problems = roundTripProblems(site, id);
          if (problems.length > 0) unsound.push(`${entry.id}${label} ${id}: ${problems.join(" / ").slice(0, 600)}`);
        }
      }
    });
    console.log(`real-pages fix round trip: ${[...judged].map(([id, count]) => `${id} ${count}`).join(", ")}; ${unsound.length} unsound${unsound.length > 0 ? `:\n  ${unsound.join("\n  ")}` : ""}`);
    expect(unsound).toEqual([]);
    // Most corpus pages are articles that lack an owner or a WebSite: the check measures something.
    expect(judged.get("organization-identity")!).toBeGreaterThan(100);
    // Every page's variant site blocks some AI agent and lacks its sitemap; most real pages have images without alt.
    for (const id of ["robots-ai-search-access", "ai-platform-reach", "sitemap-valid"]) expect(judged.get(id)!).toBeGreaterThan(250);
    expect(judged.get("image-alt")!).toBeGreaterThan(20);
  }, 600_000);
});
