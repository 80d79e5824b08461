import { audienceShare, type AiPlatform } from "../../analyzers/visibility/platforms.ts";

/** The platform's name before its qualifiers ("Google AI Overviews, AI Mode and Gemini" → "Google AI Overviews"). */
export function shortPlatformName(platform: Pick<AiPlatform, "name">): string {
  return platform.name.split(/,| \(/)[0]!.trim();
}

/** A share of the AI audience in whole percent, "<1%" below one. */
export function sharePercent(platform: AiPlatform): string {
  const percent = audienceShare(platform) * 100;
  return percent < 1 ? "<1%" : `${Math.round(percent)}%`;
}
