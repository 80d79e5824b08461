/**
 * The visibility fixes that carry code, on 286 real pages (../shared/corpora/real-pages): each page is the
 * homepage of a site of its own (as corpus-sites.ts serves it, with no llms.txt), and every placed fix is
 * applied as it says and judged again by the round trip of test/analyzers/visibility/fix-round-trip.ts: the
 * finding goes, every reference resolves, no structured-data error is new, and the schema service suggests
 * no node of a type the fix added. Judged on the scan's artifacts (audits are pure functions of them), so the
 * run needs no servers.
 */
import { describe, expect, test } from "bun:test";
import { runAudit } from "../../src/analyzers/visibility/audits/run-audit.ts";
import { auditById, PLACED_AUDITS, roundTripProblems } from "../analyzers/visibility/fix-round-trip.ts";
import { corpusSite } from "./corpus-artifacts.ts";
import { CORPUS_DIR, corpusAvailable, corpusEntries, loadPage } from "./real-pages-corpus.ts";

const available = corpusAvailable();
if (!available) console.warn(`real-pages fix round-trip test skipped: ${CORPUS_DIR} is absent (it lives in ../shared beside the repository).`);

describe.skipIf(!available)("real-pages corpus: visibility fixes round trip", () => {
  test("every placed fix made for a real page clears its finding there and breaks nothing", () => {
    const unsound: string[] = [];
    const judged = new Map<string, number>(PLACED_AUDITS.map((id) => [id, 0]));
    corpusEntries().forEach((entry, index) => {
      const artifacts = corpusSite(loadPage(entry).html, index);
      for (const id of PLACED_AUDITS) {
        const outcome = runAudit(auditById(id), artifacts);
        if (!outcome.fix?.code) continue;
        judged.set(id, judged.get(id)! + 1);
        const problems = roundTripProblems(artifacts, id);
        if (problems.length > 0) unsound.push(`${entry.id} ${id}: ${problems.join(" / ").slice(0, 600)}`);
      }
    });
    console.log(`real-pages fix round trip: ${[...judged].map(([id, count]) => `${id} ${count}`).join(", ")}; ${unsound.length} unsound${unsound.length > 0 ? `:\n  ${unsound.join("\n  ")}` : ""}`);
    expect(unsound).toEqual([]);
    // Most corpus pages are articles that lack an owner or a WebSite: the check measures something.
    expect(judged.get("organization-identity")!).toBeGreaterThan(100);
  }, 600_000);
});
