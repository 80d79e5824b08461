import { Value } from "@sinclair/typebox/value";
import { SiteSummarySchema, type SiteSummary } from "../analyzers/visibility/site-record-schema.ts";

/**
 * What changed, template by template, between two site-wide scans of a domain (issue 29, "change over
 * time, per template"), computed from the two records' site summaries so nothing is stored twice: a
 * template whose share of sound pages rose or fell, the page findings that appeared or went (with the
 * example pages the newer record names), and the AI platforms that can now read more or fewer of its
 * pages. Templates only one of the scans sampled are said so, not compared.
 */

export interface TemplateChange {
  template: string;
  /** Better, worse, or both (one finding went while another appeared). */
  direction: "better" | "worse" | "mixed";
  /** Sound share of the sampled pages, before and now, 0..1. */
  sound: { before: number; now: number };
  /** Page findings that went, and that appeared, with example pages of the newer record for the new ones. */
  fixed: string[];
  appeared: { id: string; pages: number; examples: string[] }[];
  /** Platforms that read a larger or smaller share of the template's judged pages than before. */
  reachGained: string[];
  reachLost: string[];
}

export interface TemplateChanges {
  changed: TemplateChange[];
  /** Templates sampled now that the previous scan did not sample, and the reverse. */
  added: string[];
  dropped: string[];
}

/** A change of a share smaller than this is sampling noise (a page more or less of a template), not a change. */
const SHARE_STEP = 0.1;

/** Null when either record has no site summary (a homepage-only scan, an older record): there is nothing per template to compare. */
export function templateChanges(previous: unknown, current: unknown): TemplateChanges | null {
  const before = siteSummaryOf(previous);
  const now = siteSummaryOf(current);
  if (!before || !now) return null;
  const earlier = new Map(before.templates.map((entry) => [entry.template, entry]));
  const later = new Map(now.templates.map((entry) => [entry.template, entry]));
  const changed: TemplateChange[] = [];
  for (const [template, entry] of later) {
    const then = earlier.get(template);
    if (!then || then.sampled === 0 || entry.sampled === 0) continue;
    const sound = { before: then.sound / then.sampled, now: entry.sound / entry.sampled };
    const thenIds = new Set(then.issues.map((issue) => issue.id));
    const nowIds = new Set(entry.issues.map((issue) => issue.id));
    const fixed = [...thenIds].filter((id) => !nowIds.has(id));
    const appeared = entry.issues.filter((issue) => !thenIds.has(issue.id)).map((issue) => ({ id: issue.id, pages: issue.pages, examples: issue.examples }));
    const reach = reachShift(before, now, template);
    const better = fixed.length > 0 || reach.gained.length > 0 || sound.now - sound.before >= SHARE_STEP;
    const worse = appeared.length > 0 || reach.lost.length > 0 || sound.before - sound.now >= SHARE_STEP;
    if (!better && !worse) continue;
    changed.push({ template, direction: better && worse ? "mixed" : better ? "better" : "worse", sound, fixed, appeared, reachGained: reach.gained, reachLost: reach.lost });
  }
  return {
    changed,
    added: [...later.keys()].filter((template) => !earlier.has(template)),
    dropped: [...earlier.keys()].filter((template) => !later.has(template)),
  };
}

function reachShift(before: SiteSummary, now: SiteSummary, template: string): { gained: string[]; lost: string[] } {
  const gained: string[] = [];
  const lost: string[] = [];
  for (const platform of now.reach) {
    const then = before.reach.find((entry) => entry.platform === platform.platform)?.templates.find((entry) => entry.template === template);
    const current = platform.templates.find((entry) => entry.template === template);
    if (!then || !current || then.judged === 0 || current.judged === 0) continue;
    const shift = current.read / current.judged - then.read / then.judged;
    if (shift >= SHARE_STEP) gained.push(platform.name);
    else if (shift <= -SHARE_STEP) lost.push(platform.name);
  }
  return { gained, lost };
}

/** The record's site summary, when it has one in the shape this build reads. */
export function siteSummaryOf(record: unknown): SiteSummary | null {
  const site = (record as { result?: { site?: unknown } } | null)?.result?.site;
  return site !== undefined && Value.Check(SiteSummarySchema, site) ? site : null;
}
