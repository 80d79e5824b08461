import type { AiPlatform } from "../platforms.ts";
import type { DeclaredPurpose } from "../usage-honouring.ts";
import type { SignalVocabulary } from "./usage-policy/robots-signals.ts";
import type { UsagePolicy } from "./usage-policy/usage-policy.ts";

/**
 * A declared no to search or answers (`Content-Signal: search=no`, `ai-input=no`, `Content-Usage:
 * search=n`), per platform: a cause that lowers reach where the platform is documented to honour it, and
 * otherwise a note that reports it as the site's request with the state of honouring (issue 27).
 */
export interface DeclaredUse {
  causes: { purpose: DeclaredPurpose; text: string }[];
  notes: string[];
}

export type Honours = (platformId: string, vocabulary: SignalVocabulary, purpose: DeclaredPurpose) => boolean;

export function declaredUse(policy: UsagePolicy, platform: AiPlatform, honours: Honours): DeclaredUse {
  const entry = policy.platforms.find((candidate) => candidate.platform.id === platform.id);
  const result: DeclaredUse = { causes: [], notes: [] };
  for (const decision of entry?.decisions ?? []) {
    if (decision.state !== "asked-not" || (decision.purpose !== "search" && decision.purpose !== "answers") || !decision.source?.vocabulary) continue;
    const said = `${decision.source.where} \`${decision.source.text}\` asks not to be used for ${decision.purpose === "search" ? "search" : "AI answers"}`;
    if (honours(platform.id, decision.source.vocabulary, decision.purpose)) result.causes.push({ purpose: decision.purpose, text: `${said}, which ${platform.name} honours` });
    else result.notes.push(`${said}: the site's request (${decision.honouring})`);
  }
  return result;
}
