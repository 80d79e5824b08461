import { ALL_CRAWLER_TOKENS } from "../../crawlers.ts";
import { type RobotsGroup, type RobotsGroups, groupHeading } from "../robots/robots-groups.ts";
import { type Preference, preferenceList } from "./preference-list.ts";

/**
 * The usage records robots.txt carries beside its rules, each with the group it sits in:
 * - `Content-Signal: search=yes, ai-input=no, ai-train=no[, use=immediate|reference|full]` (contentsignals.org);
 * - `Content-Usage: [path] train-ai=n, search=y` (draft-ietf-aipref-attach §4: an optional path, then an
 *   AIPREF preference list, draft-ietf-aipref-vocab §5);
 * - `License: <url>` (RSL 1.0).
 */

export type SignalVocabulary = "content-signal" | "aipref";

export interface RobotsSignal {
  vocabulary: SignalVocabulary;
  line: number;
  /** The line as written, trimmed. */
  text: string;
  /** The group's heading ("User-agent: *"), or null for a record before the first group. */
  group: string | null;
  /** The product tokens the group names, lower-cased ("*" for the wildcard); empty outside a group. */
  agents: string[];
  /** Content-Usage only: the path it is limited to, when given. */
  path: string | null;
  preferences: Preference[];
}

export function robotsSignals(parsed: RobotsGroups): RobotsSignal[] {
  const signals: RobotsSignal[] = [];
  const read = (group: RobotsGroup | null, record: { line: number; key: string; value: string }) => {
    const vocabulary: SignalVocabulary | null = record.key === "content-signal" ? "content-signal" : record.key === "content-usage" ? "aipref" : null;
    if (!vocabulary) return;
    const pathed = vocabulary === "aipref" ? /^(\/\S*)\s+(.*)$/.exec(record.value) : null;
    signals.push({
      vocabulary,
      line: record.line,
      text: `${vocabulary === "aipref" ? "Content-Usage" : "Content-Signal"}: ${record.value}`.slice(0, 300),
      group: group ? groupHeading(group) : null,
      agents: group ? group.agentLines.flatMap((agentLine) => agentLine.agents.map((agent) => agent.toLowerCase())) : [],
      path: pathed ? pathed[1]! : null,
      preferences: preferenceList(pathed ? pathed[2]! : record.value),
    });
  };
  for (const record of parsed.looseRecords) read(null, record);
  for (const group of parsed.groups) for (const record of group.records) read(group, record);
  return signals;
}

/**
 * The signals an agent reads: those in the groups naming it, else those in `User-agent: *` groups
 * (RFC 9309 §2.2.1: a crawler obeys the groups that name it, and `*` only when none does).
 */
export function signalsFor(signals: readonly RobotsSignal[], groups: readonly RobotsGroup[], token: string): RobotsSignal[] {
  const lower = token.toLowerCase();
  const named = groups.some((group) => group.agentLines.some((agentLine) => agentLine.agents.some((agent) => agent.toLowerCase() === lower)));
  return signals.filter((signal) => (named ? signal.agents.includes(lower) : signal.agents.includes("*")));
}

/** True when the group names `*` or an agent in the crawler catalogue (active, legacy or not). */
export function readByAnAiAgent(signal: RobotsSignal): boolean {
  const known = new Set(ALL_CRAWLER_TOKENS.filter((entry) => entry.status === "active").map((entry) => entry.token.toLowerCase()));
  return signal.agents.some((agent) => agent === "*" || known.has(agent));
}

/** The RSL `License:` records, wherever they sit. */
export function licenceRecords(parsed: RobotsGroups): { line: number; value: string }[] {
  return [...parsed.looseRecords, ...parsed.groups.flatMap((group) => group.records)].filter((record) => record.key === "license").map(({ line, value }) => ({ line, value }));
}
