import { AI_PLATFORMS } from "../analyzers/visibility/platforms.ts";

/** Whether one AI platform can find and read a site's homepage, as a visibility record says. */
export interface PlatformReachEntry {
  name: string;
  status: "reads" | "limited" | "blocked" | "unknown";
}

const REACH_AUDIT = "ai-platform-reach";
const WORDS: Record<string, PlatformReachEntry["status"]> = { "can read": "reads", limited: "limited", "cannot read": "blocked" };

/**
 * Reach by platform, read back from a record: the `ai-platform-reach` signal's evidence holds one line
 * per platform ("ChatGPT: cannot read — …"). Platforms are taken from the catalogue, in its order, so
 * that two records compare row by row; a platform a record does not mention is "unknown".
 */
export function platformReachOf(record: unknown): PlatformReachEntry[] {
  const lines = reachEvidence(record);
  return AI_PLATFORMS.map((platform) => {
    const line = lines.find((text) => text.startsWith(`${platform.name}: `));
    const words = line?.slice(platform.name.length + 2).split(" — ")[0]?.replace(/\s*\(.*$/, "").trim() ?? "";
    return { name: platform.name, status: WORDS[words] ?? "unknown" };
  });
}

function reachEvidence(record: unknown): string[] {
  const pillars = (record as { result?: { pillars?: unknown } } | null)?.result?.pillars;
  if (!Array.isArray(pillars)) return [];
  for (const pillar of pillars as { signals?: unknown }[]) {
    if (!Array.isArray(pillar.signals)) continue;
    const signal = (pillar.signals as { id?: unknown; evidence?: unknown }[]).find((candidate) => candidate.id === REACH_AUDIT);
    if (signal && Array.isArray(signal.evidence)) return signal.evidence.filter((line): line is string => typeof line === "string");
  }
  return [];
}
