import { z } from "zod";
import { latestResults } from "../../answers/answer-results.ts";
import { accountOf } from "../../answers/answers-api.ts";
import { reportSubjectOf } from "../../reports/report-subject.ts";
import { findWatchByDomain } from "../../store/answer-watches-repo.ts";
import { defineTool, type McpTool } from "../mcp-tool.ts";
import type { McpToolDeps } from "../tool-registry.ts";

const Input = z.object({
  domain: z.string().min(1).max(2048).describe("A domain the account watches, such as example.com."),
});

const Share = z.object({ k: z.number(), n: z.number(), share: z.number().nullable(), low: z.number().nullable(), high: z.number().nullable() });
const Output = z.object({
  domain: z.string(),
  found: z.boolean().describe("false when the account does not watch the domain or no run of it has finished."),
  finishedAt: z.string().nullable(),
  engines: z.array(
    z.object({
      engine: z.string(),
      cited: Share.describe("Samples citing the domain, of those that answered, with the 95% Wilson interval."),
      mentioned: Share,
      unavailable: z.number(),
      meanPosition: z.number().nullable(),
      topOtherDomains: z.array(z.object({ domain: z.string(), samples: z.number() })),
    }),
  ),
  shareOfVoice: z.array(z.object({ domain: z.string(), voice: z.number().nullable(), citedSamples: z.number() })),
});

/**
 * get_answer_results: the latest finished run of a domain the caller's account watches, per engine.
 * Results belong to an account, so the call needs the account's API key as a bearer token.
 */
export function answerResultsTool(deps: McpToolDeps): McpTool {
  return defineTool({
    name: "get_answer_results",
    title: "Get what AI answer engines said about a watched domain",
    description:
      "Read the latest finished run of AI answer tracking for a domain your account watches: per engine (OpenAI, Anthropic, Gemini, " +
      "Perplexity, asked through their APIs with web search), how often the domain was cited and the brand mentioned (k of n samples " +
      "with a 95% interval), its mean position among cited domains, the other domains cited, and share of voice against competitors. " +
      "Free: it reads stored results and asks no engine. Needs the account's API key (Authorization: Bearer). found=false when the " +
      "domain is not watched or no run has finished.",
    inputSchema: Input,
    outputSchema: Output,
    annotations: { readOnlyHint: true, openWorldHint: false },
    async run(args, context) {
      if (!deps.authenticator) return { ok: false, text: "AI answer results are not offered by this service." };
      const account = await accountOf({ authenticator: deps.authenticator, db: deps.db }, context.authorization);
      if (!account.ok) return { ok: false, text: `${(account.answer.body as { error: string }).error} AI answer results belong to an account: send its API key as a bearer token.` };
      const target = reportSubjectOf(args.domain);
      if (!target.ok) return { ok: false, text: `${JSON.stringify(args.domain)} is not a domain: ${target.error}` };
      const domain = target.subject.domain;
      const watch = await findWatchByDomain(deps.db, account.userId, domain);
      const results = watch ? await latestResults(deps.db, watch) : null;
      if (!results) {
        return {
          ok: true,
          structured: { domain, found: false, finishedAt: null, engines: [], shareOfVoice: [] },
          text: watch ? `${domain} is watched, but no run has finished yet.` : `Your account does not watch ${domain}.`,
        };
      }
      const engines = results.byEngine.map(({ engine, shares }) => ({
        engine,
        cited: shares.cited,
        mentioned: shares.mentioned,
        unavailable: shares.unavailable,
        meanPosition: shares.meanPosition,
        topOtherDomains: shares.topOtherDomains,
      }));
      const lines = engines.map((row) => `${row.engine}: cited in ${row.cited.k} of ${row.cited.n}, mentioned in ${row.mentioned.k} of ${row.mentioned.n}${row.unavailable > 0 ? `, ${row.unavailable} unavailable` : ""}`);
      return {
        ok: true,
        structured: { domain, found: true, finishedAt: results.finishedAt, engines, shareOfVoice: results.shareOfVoice.map(({ domain: d, voice, citedSamples }) => ({ domain: d, voice, citedSamples })) },
        text: `${domain}, run finished ${results.finishedAt} (API answers can differ from the apps):\n${lines.join("\n")}`,
      };
    },
  });
}
