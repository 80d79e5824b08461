/**
 * The compiled executable asks all four fake providers through the bundled official SDKs: the SDKs
 * survive `bun build --compile`, and the binary prints no key.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeProviders, type FakeProviders } from "../helpers/fake-answer-providers.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.stop());

test("dist/sightline answers run --json against the four fakes", async () => {
  const binary = await sightlineBinary();
  for (const provider of ["openai", "anthropic", "perplexity"] as const) fakes.behave(provider, { kind: "answer", text: "Acme is good.", cited: [{ url: "https://www.example.com/", title: "Acme" }] });
  fakes.behave("gemini", { kind: "answer", text: "Acme.", cited: [{ url: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/Z", title: "example.com" }] });
  const keys = ["sk-proj-binFakeOpenAi0123456789", "sk-ant-binFakeAnthropic0123456789", "AIzaBinFakeGemini0123456789abc", "pplx-binFakePerplexity0123456789"];
  const child = Bun.spawn([binary, "answers", "run", "--domain", "example.com", "--prompt", "best planner?", "--samples", "1", "--json"], {
    env: childEnv({
      OPENAI_API_KEY: keys[0]!,
      OPENAI_BASE_URL: fakes.baseUrls.openai,
      ANTHROPIC_API_KEY: keys[1]!,
      ANTHROPIC_BASE_URL: fakes.baseUrls.anthropic,
      GEMINI_API_KEY: keys[2]!,
      GEMINI_BASE_URL: fakes.baseUrls.gemini,
      PERPLEXITY_API_KEY: keys[3]!,
      PERPLEXITY_BASE_URL: fakes.baseUrls.perplexity,
      ANSWERS_RETRIES: "0",
    }),
    stdout: "pipe",
    stderr: "pipe",
  });
  const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  expect(err).toBe("");
  expect(code).toBe(0);
  const report = JSON.parse(out);
  expect(report.byEngine.map((row: { engine: string; shares: { cited: { k: number } } }) => [row.engine, row.shares.cited.k])).toEqual([
    ["openai", 1],
    ["anthropic", 1],
    ["gemini", 1],
    ["perplexity", 1],
  ]);
  for (const key of keys) expect(out).not.toContain(key);
}, 120_000);
