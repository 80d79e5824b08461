import type { Artifacts } from "../../gather/artifacts.ts";
import type { AuditInputs } from "../audit-inputs.ts";
import { type AuditRule, type AuditOutcome, passed } from "../audit.ts";

/** AI agents fetching a page while a person waits for an answer give up on slow servers. */
export const responseTime: AuditRule<"homepage-response"> = {
  id: "response-time",
  title: "The homepage starts answering quickly",
  impact: "low",
  requires: ["homepage-response"],
  missing: { "homepage-response": "The homepage could not be loaded, so its response time is unknown." },
  run,
};

const FAST_MS = 800;
const SLOW_MS = 1800;

function run(_artifacts: Artifacts, inputs: AuditInputs<"homepage-response">): AuditOutcome {
  const homepage = inputs["homepage-response"];
  const ttfb = Math.round(homepage.timing.ttfbMs);
  const evidence = [`time to first byte: ${ttfb} ms`, `total: ${Math.round(homepage.timing.totalMs)} ms`];
  if (ttfb <= FAST_MS) return passed(`The homepage's first byte arrived after ${ttfb} ms.`, evidence);
  return {
    status: ttfb <= SLOW_MS ? "warn" : "fail",
    score: ttfb <= SLOW_MS ? 0.6 : 0.2,
    detail: `The homepage's first byte arrived only after ${ttfb} ms; assistants fetching pages while a person waits skip slow sources.`,
    evidence,
    fix: {
      what: "Make the homepage answer faster",
      why: "User-triggered AI agents (ChatGPT-User, Claude-User, Perplexity-User) fetch with short timeouts; a slow first byte risks being skipped.",
      how: `Cache ${homepage.finalUrl} at the edge (a CDN or full-page cache) or speed up the server-side rendering, aiming at a time to first byte under ${FAST_MS} ms.`,
      effort: "M",
    },
  };
}
