import type { RobotsPolicy } from "../derive/robots/robots-policy.ts";
import { robotsUnblock, UNBLOCK_MAX_CHARS } from "../derive/robots/robots-unblock.ts";
import type { FixCode } from "./audit.ts";
import { codeBlock } from "./fix-code.ts";

/**
 * The robots.txt step of a fix that lets agents in, as robots-ai-search-access and ai-platform-reach both
 * give it: the site's own file changed (derive/robots/robots-unblock.ts), placed as lines to append or as the
 * whole file. When the file was cut at the scan's cap or the result is too long to paste, the change is said
 * in words and no code is offered, since it could not be proven on the file as a whole.
 */
/** Changes named one by one in the text, at most; the last (the added group) is always named. */
const MAX_CHANGES = 12;

export function robotsUnblockStep(policy: Extract<RobotsPolicy, { kind: "rules" }>, tokens: readonly string[], path: string): { text: string; code: FixCode[] } {
  const agents = [...new Set(tokens)];
  const named = agents.join(", ");
  const unblock = robotsUnblock(policy, agents, path);
  const inWords =
    `In robots.txt, take ${named} out of the groups that name ${agents.length === 1 ? "it" : "them"} and give ${agents.length === 1 ? "it a group of its own" : "them a group of their own"} ` +
    "with the rules they had less the `Disallow` that keeps them off the homepage (`Allow: /` when none is left); a group of their own takes precedence over `User-agent: *` for them, and every other agent keeps its rules.";
  if (!unblock) return { text: `${inWords} ${policy.truncated ? "The file is longer than the scan reads, so the changed file cannot be given here." : ""}`.trim(), code: [] };
  // A file with hundreds of groups naming the agents would make the sentence as long as the file.
  const listed = unblock.changes.length > MAX_CHANGES ? [...unblock.changes.slice(0, MAX_CHANGES - 1), `${unblock.changes.length - MAX_CHANGES + 1} more changes of the same kind`, unblock.changes.at(-1)!] : unblock.changes;
  const changes = `${listed.join("; ")}.`;
  if (unblock.code.length > UNBLOCK_MAX_CHARS) return { text: `In robots.txt, ${changes} The changed file is too long to give here; every other agent keeps its rules.`, code: [] };
  const code: FixCode = { where: { kind: unblock.placement, url: policy.url }, language: "text", code: unblock.code };
  if (unblock.placement === "lines") {
    return {
      text: `Add these lines to the end of robots.txt: a group of their own takes precedence over \`User-agent: *\` for ${named}, and keeps the rules they followed there except those that kept them off the homepage; every other agent keeps its rules.\n\n${codeBlock("text", unblock.code)}`,
      code: [code],
    };
  }
  return {
    text: `In robots.txt, ${changes} Every other agent keeps its rules and the Sitemap lines stay. The whole file, changed:\n\n${codeBlock("text", unblock.code)}`,
    code: [code],
  };
}
