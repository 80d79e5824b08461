/**
 * The compiled executable asks all four fake providers through the bundled official SDKs: the SDKs
 * survive `bun build --compile`, and the binary prints no key. Its bundled nodemailer sends alert mail
 * to a loopback SMTP sink (`sightline alerts test-mail`) without printing the SMTP password.
 */
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startFakeProviders, type FakeProviders } from "../helpers/fake-answer-providers.ts";
import { sightlineBinary } from "../helpers/binary.ts";
import { childEnv } from "../../scripts/lib/child-env.ts";
import { startSmtpSink } from "../helpers/smtp-sink.ts";

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

test("dist/sightline alerts test-mail through a loopback SMTP sink", async () => {
  const binary = await sightlineBinary();
  const sink = await startSmtpSink();
  try {
    const password = "binSmtpPassw0rd-secret";
    const run = async () => {
      const child = Bun.spawn([binary, "alerts", "test-mail", "--to", "owner@example.com"], {
        env: childEnv({ SMTP_URL: `smtp://alerts:${password}@127.0.0.1:${sink.port}`, SMTP_FROM: "sightline <alerts@scan.example.org>" }),
        stdout: "pipe",
        stderr: "pipe",
      });
      const [out, err, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
      expect(out + err).not.toContain(password);
      return { out, err, code };
    };
    const sent = await run();
    expect(sent).toMatchObject({ code: 0, err: "" });
    expect(sink.received.length).toBe(1);
    expect(sink.received[0]!.to).toEqual(["owner@example.com"]);
    expect(sink.received[0]!.auth).toBe(`\u0000alerts\u0000${password}`);
    expect(sink.received[0]!.data).toContain("Subject: sightline: test mail");
    // A permanent refusal is reported with its reply code and exits 1.
    sink.reject.push("550 5.1.1 no such mailbox");
    const refused = await run();
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("SMTP 550");
  } finally {
    await sink.stop();
  }
}, 120_000);
