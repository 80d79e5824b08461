import catalogue from "./ai-platforms.json";
import { crawler } from "./crawlers.ts";

/**
 * The AI platforms people get answers from (ai-platforms.json): the agents each relies on and its
 * audience weight, with the published figures the weight comes from. A platform finds a page through
 * any one of its `index` crawlers and reads it live through its `fetchers`; `training` crawlers are
 * listed for completeness and never decide whether the platform can use the site.
 */

export interface AiPlatform {
  id: string;
  name: string;
  operator: string;
  index: string[];
  fetchers: string[];
  training: string[];
  docs: string;
  how: string;
  audience: { basis: "measured" | "nominal"; searchShare: number; assistantShare: number; note: string };
  /** Audience weight in percentage points (see `WEIGHTING.formula`); shares are computed against their sum. */
  weight: number;
}

export const WEIGHTING = catalogue.weighting;
export const AI_PLATFORMS: readonly AiPlatform[] = catalogue.platforms as AiPlatform[];

const TOTAL_WEIGHT = AI_PLATFORMS.reduce((sum, platform) => sum + platform.weight, 0);

/** The platform's share of the weighted AI audience, 0..1. */
export function audienceShare(platform: AiPlatform): number {
  return platform.weight / TOTAL_WEIGHT;
}

/** The weight the formula gives for a platform's published inputs; the data's `weight` must match it. */
export function weightFromInputs(platform: AiPlatform): number {
  if (platform.audience.basis === "nominal") return WEIGHTING.nominalWeight;
  const raw = WEIGHTING.split.search * platform.audience.searchShare + WEIGHTING.split.assistants * platform.audience.assistantShare;
  return Math.round(raw * 10) / 10;
}

/** Every agent token a platform names, each checked against the crawler catalogue. */
export function platformAgents(platform: AiPlatform): string[] {
  return [...platform.index, ...platform.fetchers, ...platform.training].map((token) => crawler(token).token);
}

/** "58%", "3%", "0.4%": shares shown to people, to the precision the data supports. */
export function percent(share: number): string {
  const value = share * 100;
  return `${value >= 1 || value === 0 ? Math.round(value) : Math.round(value * 10) / 10}%`;
}
