/**
 * `sightline answers run`: usage errors, no engine configured, and whole runs against the four fake
 * providers through the official SDKs, as text and JSON; the keys appear nowhere in what it prints or
 * in what the SDKs log.
 */
import { afterAll, afterEach, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { answersCommand, parseAnswersArgs } from "../../src/cli/answers-command.ts";
import { EXIT } from "../../src/cli/exit-codes.ts";
import { runCli } from "../../src/cli/run-cli.ts";
import { loadConfig } from "../../src/config.ts";
import { startFakeProviders, type FakeProviders } from "../helpers/fake-answer-providers.ts";

const KEYS = {
  OPENAI_API_KEY: "sk-proj-cliFakeOpenAiKey0123456789abcdef",
  ANTHROPIC_API_KEY: "sk-ant-api03-cliFakeAnthropicKey0123456789",
  GEMINI_API_KEY: "AIzaSyCliFakeGeminiKey0123456789abcdefg",
  PERPLEXITY_API_KEY: "pplx-cliFakePerplexityKey0123456789abcd",
};

let fakes: FakeProviders;
beforeAll(async () => {
  fakes = await startFakeProviders();
});
afterAll(() => fakes.stop());

function env(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    ...KEYS,
    OPENAI_BASE_URL: fakes.baseUrls.openai,
    ANTHROPIC_BASE_URL: fakes.baseUrls.anthropic,
    GEMINI_BASE_URL: fakes.baseUrls.gemini,
    PERPLEXITY_BASE_URL: fakes.baseUrls.perplexity,
    ANSWERS_TIMEOUT_MS: "1500",
    ANSWERS_RETRIES: "0",
    ...overrides,
  };
}

async function run(args: string[], environment: Record<string, string> = env()) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await answersCommand(args, loadConfig(environment), { out: (text) => void out.push(text), err: (text) => void err.push(text) });
  return { code, out: out.join(""), err: err.join("") };
}

function citingAll() {
  for (const provider of ["openai", "anthropic", "perplexity"] as const) {
    fakes.behave(provider, (call) => ({
      kind: "answer",
      text: call % 2 === 1 ? "Acme is the usual pick." : "Try the rival.",
      cited: call % 2 === 1 ? [{ url: "https://www.example.com/", title: "Acme" }, { url: "https://rival.io/", title: "Rival" }] : [{ url: "https://rival.io/", title: "Rival" }],
    }));
  }
  fakes.behave("gemini", { kind: "answer", text: "Acme.", cited: [{ url: "https://vertexaisearch.cloud.google.com/grounding-api-redirect/X1", title: "example.com" }] });
}

describe("usage errors exit 2 with the reason", () => {
  const cases: [string[], string][] = [
    [[], "give an action"],
    [["list"], 'unknown action "list"'],
    [["run", "--prompt", "x"], "give the site with --domain"],
    [["run", "--domain", "http://[::1]/", "--prompt", "x"], "--domain:"],
    [["run", "--domain", "example.com"], "give at least one --prompt"],
    [["run", "--domain", "example.com", "--prompt", "  "], "prompt 1 is empty"],
    [["run", "--domain", "example.com", "--prompt", "x".repeat(2001)], "longer than 2000 characters"],
    [["run", "--domain", "example.com", ...Array.from({ length: 21 }, () => ["--prompt", "q"]).flat()], "at most 20 prompts"],
    [["run", "--domain", "example.com", "--prompt", "q", "--samples", "0"], "--samples needs a whole number from 1 to 10"],
    [["run", "--domain", "example.com", "--prompt", "q", "--samples=11"], "--samples needs a whole number from 1 to 10"],
    [["run", "--domain", "example.com", "--prompt", "q", "--engines", "openai,bing"], 'unknown engine "bing"'],
    [["run", "--domain", "example.com", "--prompt", "q", "--competitor", "www.example.com"], "is the --domain itself"],
    [["run", "--domain", "example.com", "--domain", "b.com", "--prompt", "q"], "--domain is given 2 times"],
    [["run", "--domain", "example.com", "--prompt"], "--prompt needs a value"],
    [["run", "--domain", "example.com", "stray"], 'unexpected argument "stray"'],
  ];
  for (const [args, message] of cases) {
    test(`${args.join(" ").slice(0, 80)} → ${message}`, async () => {
      expect(parseAnswersArgs(args).ok).toBe(false);
      const result = await run(args);
      expect(result.code).toBe(EXIT.usage);
      expect(result.err).toContain(message);
      expect(result.out).toBe("");
    });
  }

  test("an unknown flag is refused by the command table before anything runs", async () => {
    const written: string[] = [];
    const spy = spyOn(process.stderr, "write").mockImplementation((text) => (written.push(String(text)), true));
    try {
      expect(await runCli(["answers", "run", "--domian", "example.com"], () => loadConfig(env()))).toBe(EXIT.usage);
    } finally {
      spy.mockRestore();
    }
    expect(written.join("")).toContain('unknown option "--domian"');
  });
});

describe("engines", () => {
  test("no engine configured: exit 2, naming the four variables, and no request", async () => {
    const before = fakes.requests.length;
    const result = await run(["run", "--domain", "example.com", "--prompt", "q"], {});
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain("no answer engine is configured");
    for (const name of Object.keys(KEYS)) expect(result.err).toContain(name);
    expect(fakes.requests.length).toBe(before);
  });

  test("asking for an engine that is not configured names its variable", async () => {
    const { GEMINI_API_KEY: _unset, ...withoutGemini } = env();
    const result = await run(["run", "--domain", "example.com", "--prompt", "q", "--engines", "openai,gemini"], withoutGemini);
    expect(result.code).toBe(EXIT.usage);
    expect(result.err).toContain("gemini is not configured (set GEMINI_API_KEY)");
  });
});

describe("a run", () => {
  const logged: string[] = [];
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(" "))));
  afterAll(() => spies.forEach((spy) => spy.mockRestore()));
  afterEach(() => {
    for (const key of Object.values(KEYS)) expect(logged.join("\n")).not.toContain(key);
  });

  test("text: per prompt and engine, cited k of n with its interval, mentioned, position, other domains, share of voice", async () => {
    citingAll();
    const result = await run(["run", "--domain", "https://www.example.com/", "--prompt", "best planner?", "--prompt", "cheapest planner?", "--samples", "2", "--brand", "Acme", "--competitor", "rival.io"]);
    expect(result.code).toBe(EXIT.ok);
    expect(result.out).toContain("example.com: 2 prompts, 2 samples each");
    expect(result.out).toContain("openai     gpt-5-mini via OpenAI Responses API with the web_search tool");
    expect(result.out).toContain("API answers can differ from what the apps show");
    expect(result.out).toMatch(/gemini +cited in 2 of 2 samples \(95% interval 34%–100%\); mentioned in 2 of 2 samples/);
    expect(result.out).toContain("cited in 1 of 2 samples (95% interval 9%–91%)");
    expect(result.out).toContain("other domains: rival.io (2)");
    expect(result.out).toContain("Share of voice");
    expect(result.out).toMatch(/rival\.io +\d+%/);
    expect(result.out).toContain("Cost: about $");
    expect(result.err).toBe("");
  });

  test("JSON: every sample with its analysis, per-engine and per-prompt shares", async () => {
    citingAll();
    const result = await run(["run", "--domain", "example.com", "--prompt", "q1", "--samples", "3", "--engines", "gemini,openai", "--json"]);
    expect(result.code).toBe(EXIT.ok);
    const report = JSON.parse(result.out);
    expect(report.domain).toBe("example.com");
    expect(report.brandNames).toEqual(["example", "example.com"]);
    expect(report.engines.map((engine: { name: string }) => engine.name)).toEqual(["openai", "gemini"]);
    expect(report.samples.length).toBe(6);
    const gemini = report.byEngine.find((row: { engine: string }) => row.engine === "gemini").shares;
    expect(gemini.cited).toMatchObject({ k: 3, n: 3, share: 1, high: 1 });
    expect(report.samples[0].result.analysis.sources[0].url).toBeString();
  });

  test("unavailable engines are reported as such; every sample unavailable exits 1; keys quoted back are scrubbed", async () => {
    fakes.behave("openai", { kind: "status", status: 401, message: `Incorrect API key provided: ${KEYS.OPENAI_API_KEY}` });
    fakes.behave("anthropic", { kind: "status", status: 500, message: "Internal error" });
    fakes.behave("gemini", { kind: "answer", text: "No idea." });
    fakes.behave("perplexity", { kind: "malformed" });
    const result = await run(["run", "--domain", "example.com", "--prompt", "q", "--samples", "1"]);
    expect(result.code).toBe(EXIT.failure);
    expect(result.out).toContain("cited: no sample answered");
    expect(result.out).toContain("unavailable in 1 of 1");
    expect(result.out).toContain("openai: HTTP 401");
    expect(result.out).toContain("gemini: The engine answered without any web source.");
    expect(result.out).toContain("perplexity: The provider's response was not readable JSON.");
    const json = await run(["run", "--domain", "example.com", "--prompt", "q", "--samples", "1", "--json"]);
    for (const key of Object.values(KEYS)) {
      expect(result.out + result.err + json.out + json.err).not.toContain(key);
      expect(result.out + json.out).not.toContain(key.slice(0, 10));
    }
  });
});
