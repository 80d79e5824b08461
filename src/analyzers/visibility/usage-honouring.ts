import table from "./ai-usage-signals.json";
import type { SignalVocabulary } from "./derive/usage-policy/robots-signals.ts";

/**
 * Who honours a declared usage preference (ai-usage-signals.json): a no to search or answers lowers
 * a platform's reach only where the platform is documented to honour it (issue 27); elsewhere the
 * report says it is the site's request, and who enforces it.
 */

export type DeclaredPurpose = "search" | "answers";

interface PlatformHonouring {
  /** "content-signal:search", "aipref:search", "content-signal:answers": what the platform documents honouring. */
  honours: string[];
  words: string;
  source: string;
}

export const HONOURING_REVIEWED: string = table.reviewed;
const PLATFORMS: Record<string, PlatformHonouring> = table.platforms;

/** True when the platform documents honouring a no in this vocabulary for this purpose. */
export function honoursDeclared(platformId: string, vocabulary: SignalVocabulary, purpose: DeclaredPurpose): boolean {
  return PLATFORMS[platformId]?.honours.includes(`${vocabulary}:${purpose}`) ?? false;
}

/** "Cloudflare's crawl endpoint enforces Content Signals …; OpenAI has not said it honours …": the state of honouring, for one platform. */
export function honouringState(platformId: string, vocabulary: SignalVocabulary): string {
  const enforcers = table.enforcers.filter((enforcer) => enforcer.vocabularies.includes(vocabulary)).map((enforcer) => enforcer.words);
  const platform = PLATFORMS[platformId]?.words ?? "its operator has not said whether it honours it.";
  return [...enforcers, platform].join(" ");
}
