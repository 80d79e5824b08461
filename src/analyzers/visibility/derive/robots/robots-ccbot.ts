import type { Artifacts } from "../../gather/artifacts.ts";
import { robotsPolicy, homepagePath, verdictFor } from "./robots-policy.ts";

/** The robots.txt rule that keeps CCBot (Common Crawl) out, quoted, or null when it may crawl. */
export function ccBotBlocked(artifacts: Artifacts): string | null {
  const policy = robotsPolicy(artifacts);
  if (policy.kind !== "rules") return null;
  const verdict = verdictFor(policy, "CCBot", homepagePath(artifacts));
  if (verdict.allowed) return null;
  return verdict.rule ? `line ${verdict.rule.line} \`${verdict.rule.text}\` in \`${verdict.rule.group}\`` : "a Disallow rule";
}
