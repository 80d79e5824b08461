import { existsSync } from "node:fs";
import type { Config } from "../config.ts";
import { loadAnalyzer } from "../analyzers/registry.ts";
import { normalizeTarget } from "../scans/normalize-target.ts";
import { openStore } from "../store/database.ts";
import { databaseTargetOf } from "../store/database-target.ts";
import { countScannedDomains, lastScanId, scannedDomainsAfter } from "../store/scans-repo.ts";
import { VERSION } from "../version.ts";
import { EXIT } from "./exit-codes.ts";
import { RESCORE_USAGE } from "./usages.ts";
import { type RescoreDeps, type RescoreOutcome, rescoreDomain, SKIP_REASONS, type SkipReason } from "./rescore-domain.ts";
import { rescorerFor } from "./rescorers.ts";

/**
 * `sightline rescore --domain D | --all`: judge stored scans again with this build's audits and scoring,
 * without fetching anything, and store the results as new records. For after an upgrade.
 */
export interface RescoreIo {
  out(text: string): void;
  err(text: string): void;
}

type Target = { kind: "domain"; input: string } | { kind: "all" };
type ParsedArgs = { ok: true; target: Target } | { ok: false; error: string };

export function parseRescoreArgs(args: string[]): ParsedArgs {
  const targets: Target[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!;
    if (arg === "--all") targets.push({ kind: "all" });
    else if (arg === "--domain" || arg.startsWith("--domain=")) {
      const value = arg === "--domain" ? args[++index] : arg.slice("--domain=".length);
      if (value === undefined || value.trim() === "" || value.startsWith("-")) return { ok: false, error: "--domain needs a domain, e.g. --domain example.com." };
      targets.push({ kind: "domain", input: value });
    } else if (arg.startsWith("-")) return { ok: false, error: `unknown option "${arg}".` };
    else return { ok: false, error: `unexpected argument "${arg}": name the domain with --domain.` };
  }
  if (targets.length === 0) return { ok: false, error: "say what to re-score: --domain <domain> or --all." };
  if (targets.length > 1) return { ok: false, error: "give either one --domain or --all." };
  return { ok: true, target: targets[0]! };
}

export async function rescoreCommand(args: string[], config: Config, io: RescoreIo, now: () => Date = () => new Date()): Promise<number> {
  const parsed = parseRescoreArgs(args);
  if (!parsed.ok) {
    io.err(`sightline rescore: ${parsed.error}\n\n${RESCORE_USAGE}\n`);
    return EXIT.usage;
  }
  let domain: string | null = null;
  if (parsed.target.kind === "domain") {
    const target = normalizeTarget(parsed.target.input);
    if (!target.ok) {
      io.err(`sightline rescore: --domain ${parsed.target.input}: ${target.error}\n`);
      return EXIT.usage;
    }
    domain = target.domain;
  }
  // Opening would create an empty database: a mistyped path must not look like "nothing to re-score".
  if (!config.DATABASE_URL && config.DATABASE_PATH !== ":memory:" && !existsSync(config.DATABASE_PATH)) {
    io.err(`sightline rescore: there is no database at ${config.DATABASE_PATH}; set DATABASE_PATH to the server's database.\n`);
    return EXIT.failure;
  }
  const db = await openStore(databaseTargetOf(config));
  try {
    const deps: RescoreDeps = { db, analyzer: await loadAnalyzer(config.SERVICE), rescorer: rescorerFor(config.SERVICE), now, version: VERSION };
    return domain === null ? await rescoreAll(deps, io) : await rescoreOne(deps, domain, io);
  } finally {
    await db.close();
  }
}

async function rescoreOne(deps: RescoreDeps, domain: string, io: RescoreIo): Promise<number> {
  let outcome: RescoreOutcome;
  try {
    outcome = await rescoreDomain(deps, domain);
  } catch (error) {
    io.err(`sightline rescore: could not store the re-scored record of ${domain}: ${messageOf(error)}\n`);
    return EXIT.failure;
  }
  switch (outcome.kind) {
    case "unknown-domain":
      io.err(`sightline rescore: no stored scan of ${domain} in ${deps.db.location}.\n`);
      return EXIT.failure;
    case "skipped":
    case "error":
      io.err(`sightline rescore: ${domain} was not re-scored: ${outcome.detail}.\n`);
      return EXIT.failure;
    case "rescored":
      io.out(`${domain}: ${describe(outcome, deps.rescorer.scoreName)}\n`);
      return EXIT.ok;
  }
}

/** Domains are read a page at a time, so memory holds one page of names and one scan's artifacts. */
const DOMAINS_PER_PAGE = 100;

async function rescoreAll(deps: RescoreDeps, io: RescoreIo): Promise<number> {
  const upToId = await lastScanId(deps.db);
  const total = await countScannedDomains(deps.db, upToId);
  if (total === 0) {
    io.out(`No stored scans in ${deps.db.location}: nothing to re-score.\n`);
    return EXIT.ok;
  }
  const tally: Tally = { rescored: 0, changed: 0, errors: 0, skipped: new Map() };
  let done = 0;
  for await (const domain of domainsUpTo(deps, upToId)) {
    done++;
    let outcome: RescoreOutcome;
    try {
      outcome = await rescoreDomain(deps, domain);
    } catch (error) {
      // A failed write will fail for the next domain too (a lock held too long, a full disk): stop and say so.
      io.out(summary(tally, done - 1, total));
      io.err(`sightline rescore: could not store the re-scored record of ${domain}: ${messageOf(error)}. Stopped at ${done} of ${total}; the records stored so far are kept.\n`);
      return EXIT.failure;
    }
    // Listed a moment ago: only a deletion by someone else gets here.
    if (outcome.kind === "unknown-domain") outcome = { kind: "skipped", reason: "no-artifacts", detail: "its scans are no longer stored" };
    io.out(`[${done}/${total}] ${domain}: ${progressLine(outcome, deps.rescorer.scoreName)}\n`);
    count(tally, outcome);
  }
  io.out(summary(tally, done, total));
  return tally.errors > 0 ? EXIT.failure : EXIT.ok;
}

/** The domains with a scan up to `upToId`, in order, read a page at a time: no read stays open across the writes. */
async function* domainsUpTo(deps: RescoreDeps, upToId: number): AsyncGenerator<string> {
  for (let after = ""; ; ) {
    const page = await scannedDomainsAfter(deps.db, after, upToId, DOMAINS_PER_PAGE);
    if (page.length === 0) return;
    yield* page;
    after = page[page.length - 1]!;
  }
}

type Tally = { rescored: number; changed: number; errors: number; skipped: Map<SkipReason, number> };

function count(tally: Tally, outcome: RescoreOutcome): void {
  if (outcome.kind === "rescored") {
    tally.rescored++;
    if (outcome.score !== outcome.previousScore) tally.changed++;
  } else if (outcome.kind === "skipped") tally.skipped.set(outcome.reason, (tally.skipped.get(outcome.reason) ?? 0) + 1);
  else if (outcome.kind === "error") tally.errors++;
}

function progressLine(outcome: RescoreOutcome, scoreName: string): string {
  switch (outcome.kind) {
    case "rescored":
      return describe(outcome, scoreName);
    case "skipped":
      return `skipped: ${outcome.detail}`;
    case "error":
      return `error: ${outcome.detail}`;
    case "unknown-domain":
      return "skipped: no stored scan";
  }
}

function describe(outcome: Extract<RescoreOutcome, { kind: "rescored" }>, scoreName: string): string {
  const scores = `${scoreName} ${outcome.previousScore ?? "-"} → ${outcome.score ?? "-"}`;
  const failed = outcome.status === "failed" ? `, now failed: ${outcome.reason ?? "no reason given"}` : "";
  return `${scores}${failed} (scan #${outcome.fromScanId} re-scored as record #${outcome.scanId})`;
}

function summary(tally: Tally, done: number, total: number): string {
  const lines = [`Re-scored ${tally.rescored} of ${total} domains${done < total ? ` (stopped after ${done})` : ""}; ${tally.changed} with a changed score.`];
  const skipped = [...tally.skipped.values()].reduce((sum, n) => sum + n, 0);
  if (skipped > 0) {
    const reasons = [...tally.skipped.entries()].map(([reason, n]) => `${n} ${SKIP_REASONS[reason]}`);
    lines.push(`Skipped ${skipped}: ${reasons.join(", ")}.`);
  }
  if (tally.errors > 0) lines.push(`Failed ${tally.errors}: the audits or scoring threw on their artifacts (see "error:" above); their old records are still served.`);
  return `${lines.join("\n")}\n`;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
