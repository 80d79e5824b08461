/**
 * A site whose robots.txt is larger than the scan reads, fetched in this process through the real
 * SafeFetcher over loopback: the byte cap falls inside `Disallow: /private-area`, leaving `Disallow: /`
 * at the end of what was read. The fragment must not block OAI-SearchBot, and the audit must say where
 * the file was cut.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { runAudit } from "../../../src/analyzers/visibility/audits/run-audit.ts";
import { robotsAiSearchAccess } from "../../../src/analyzers/visibility/audits/access/robots-ai-search-access.ts";
import { robotsPolicy } from "../../../src/analyzers/visibility/derive/robots/robots-policy.ts";
import type { Artifacts } from "../../../src/analyzers/visibility/gather/artifacts.ts";
import { ROBOTS_TXT_MAX_BYTES, fetchRobotsTxt } from "../../../src/analyzers/visibility/gather/robots-txt.ts";
import { parseConnectTo } from "../../../src/net/connect-to.ts";
import { createSafeFetcher } from "../../../src/net/safe-fetch.ts";
import { type FixtureSite, startFixtureSite } from "../../helpers/fixture-server.ts";
import { site } from "./sample-site.ts";

const DOMAIN = "big-robots.test";
const HEAD = "User-agent: *\nDisallow: /admin/\n\nUser-agent: OAI-SearchBot\n";
const FILLER_LINE = "# padding to make robots.txt larger than the scan reads\n";
const CUT_AT = "Disallow: /";

/** HEAD, comment lines, then `Disallow: /private-area` placed so the cap ends right after its `Disallow: /`. */
function bigRobotsTxt(): { text: string; lineOfRule: number; ruleOffset: number } {
  const ruleOffset = ROBOTS_TXT_MAX_BYTES - CUT_AT.length;
  const fillerBytes = ruleOffset - HEAD.length;
  const fillerLines = Math.floor(fillerBytes / FILLER_LINE.length);
  const rest = fillerBytes - fillerLines * FILLER_LINE.length;
  const filler = FILLER_LINE.repeat(fillerLines) + (rest > 0 ? `${"#".repeat(rest - 1)}\n` : "");
  const text = `${HEAD}${filler}Disallow: /private-area\n\nUser-agent: *\nDisallow: /after-the-cap\n`;
  const lineOfRule = (HEAD + filler).split("\n").length;
  return { text, lineOfRule, ruleOffset };
}

let fixture: FixtureSite;
let artifacts: Artifacts;
const big = bigRobotsTxt();

beforeAll(async () => {
  fixture = await startFixtureSite({ "/robots.txt": big.text });
  const fetcher = createSafeFetcher({ connectTo: parseConnectTo([fixture.connectTo(DOMAIN)]), timeoutMs: 5000, maxBytes: 5 * 1024 * 1024, userAgent: "Mozilla/5.0 (compatible; sightline-test)" });
  artifacts = site({ robotsTxt: await fetchRobotsTxt({ fetcher, signal: AbortSignal.timeout(10_000) }, `http://${DOMAIN}`) });
}, 20_000);

afterAll(async () => {
  await fixture.stop();
});

describe("a robots.txt larger than the scan reads", () => {
  test("the gatherer keeps the first 512 KiB and records that it was cut", () => {
    const robotsTxt = artifacts.robotsTxt;
    if (!robotsTxt.ok) throw new Error(robotsTxt.error.message);
    expect(big.text.length).toBeGreaterThan(ROBOTS_TXT_MAX_BYTES);
    expect(robotsTxt.truncated).toBe(true);
    expect(robotsTxt.text.length).toBe(ROBOTS_TXT_MAX_BYTES);
    expect(robotsTxt.text).toEndWith(`\n${CUT_AT}`);
  });

  test("the policy drops the fragment and says where the cut fell", () => {
    const policy = robotsPolicy(artifacts);
    if (policy.kind !== "rules") throw new Error(policy.kind);
    expect(policy.cut).toEqual({ lastCompleteLine: big.lineOfRule - 1, byteOffset: big.ruleOffset, partialLine: { line: big.lineOfRule, text: CUT_AT } });
  });

  test("OAI-SearchBot is not blocked by the fragment, and the audit states the cut", () => {
    const outcome = runAudit(robotsAiSearchAccess, artifacts);
    expect(outcome.status).toBe("pass");
    expect(outcome.detail).toContain(`it was cut inside line ${big.lineOfRule} (byte ${big.ruleOffset}); that partial line (\`Disallow: /\`) was ignored`);
    expect(outcome.evidence.some((line) => line.includes("crawlers only have to read the first 500 KiB"))).toBe(true);
  });
});
