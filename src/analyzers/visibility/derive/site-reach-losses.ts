import { AI_PLATFORMS, audienceShare } from "../platforms.ts";
import type { PageVerdict, SiteSummary } from "../site-record-schema.ts";
import { namedPlatforms } from "./platform-reach.ts";

/**
 * What the site's reach loses, template by template, in sentences: "ChatGPT, Perplexity and Claude can
 * read only 2 of 8 sampled pages of /blog/<slug>: 6 of 8 sampled pages are app shells (e.g. …)". Read from
 * the site summary (so the record alone can say it: the report's reach line, the Markdown summary) and,
 * when the verdicts are at hand, with the pages each platform cannot read as examples. site-reach states
 * these and holds its gate on them.
 */

export interface ReachLoss {
  template: string;
  /** The platforms that lose the same pages for the same cause, largest audience first. */
  platforms: { id: string; name: string; share: number }[];
  read: number;
  judged: number;
  cause: string | null;
  examples: string[];
  sentence: string;
}

const CREDIT = { reads: 1, limited: 0.5, blocked: 0 } as const;
const EXAMPLES = 2;

/**
 * Each template some platform cannot read all of; platforms losing the same pages for the same cause are
 * one loss. Platforms in `homepageLost` (those that cannot fully read the homepage) are left out: that is
 * the homepage's finding, and one cause is one issue.
 */
export function reachLosses(summary: SiteSummary, verdicts?: readonly PageVerdict[], homepageLost: ReadonlySet<string> = new Set()): ReachLoss[] {
  const losses = new Map<string, Omit<ReachLoss, "examples" | "sentence">>();
  for (const platform of summary.reach) {
    if (homepageLost.has(platform.platform)) continue;
    const definition = AI_PLATFORMS.find((candidate) => candidate.id === platform.platform);
    const share = definition ? audienceShare(definition) : 0;
    for (const entry of platform.templates) {
      if (entry.read >= entry.judged) continue;
      const key = `${entry.template}|${entry.read}|${entry.cause ?? ""}`;
      const found = losses.get(key) ?? { template: entry.template, platforms: [], read: entry.read, judged: entry.judged, cause: entry.cause };
      found.platforms.push({ id: platform.platform, name: platform.name, share });
      losses.set(key, found);
    }
  }
  const order = summary.templates.map((entry) => entry.template);
  const audience = (loss: { platforms: { share: number }[] }) => loss.platforms.reduce((sum, platform) => sum + platform.share, 0);
  return [...losses.values()]
    .sort((a, b) => order.indexOf(a.template) - order.indexOf(b.template) || audience(b) - audience(a))
    .map((loss) => {
      const examples = examplesOf(loss, summary, verdicts);
      const verb = loss.read === 0 ? "cannot read" : `can read only ${loss.read} of ${loss.judged} sampled pages of`;
      const sentence = `${namedPlatforms(loss.platforms)} ${verb} ${loss.template}${loss.cause ? `: ${loss.cause}` : ""}${examples.length > 0 ? ` (e.g. ${examples.join(", ")})` : ""}.`;
      return { ...loss, examples, sentence };
    });
}

function examplesOf(loss: Omit<ReachLoss, "examples" | "sentence">, summary: SiteSummary, verdicts?: readonly PageVerdict[]): string[] {
  if (verdicts) {
    const ids = new Set(loss.platforms.map((platform) => platform.id));
    return verdicts
      .filter((page) => page.template === loss.template && page.reach.some((reach) => ids.has(reach.platform) && reach.status !== "reads"))
      .slice(0, EXAMPLES)
      .map((page) => page.url);
  }
  // From the record alone: the pages of the template's first (worst) issue.
  return summary.templates.find((entry) => entry.template === loss.template)?.issues[0]?.examples.slice(0, EXAMPLES) ?? [];
}

/** Σ over platforms of audience share × the share of pages it reads (limited counted half, unknown left out), over the judged audience. */
export function siteReadingShare(pages: readonly PageVerdict[], homepageLost: ReadonlySet<string> = new Set()): number {
  let total = 0;
  let weight = 0;
  for (const platform of AI_PLATFORMS) {
    // A platform that cannot read the homepage is the homepage's finding (reachLosses leaves it out too).
    if (homepageLost.has(platform.id)) continue;
    const statuses = pages.map((page) => page.reach.find((entry) => entry.platform === platform.id)?.status).filter((status): status is keyof typeof CREDIT => status !== undefined && status !== "unknown");
    if (statuses.length === 0) continue;
    const share = audienceShare(platform);
    total += share * (statuses.reduce((sum, status) => sum + CREDIT[status], 0) / statuses.length);
    weight += share;
  }
  return weight === 0 ? 1 : total / weight;
}
