/**
 * A failed scan is explained by its cause, one sentence and a checklist for that cause. The reasons
 * are produced by the real code that writes them (the safe fetcher on loopback, the homepage
 * gatherer, the visibility analyzer's failed record), so a change of wording there fails here.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createServer, type Server } from "node:net";
import { createSafeFetcher } from "../../src/net/safe-fetch.ts";
import { parseConnectTo } from "../../src/net/connect-to.ts";
import type { Lookup } from "../../src/net/resolve-host.ts";
import { gatherHomepage } from "../../src/analyzers/visibility/gather/homepage.ts";
import { scoreArtifacts } from "../../src/analyzers/visibility/score-artifacts.ts";
import type { Artifacts } from "../../src/analyzers/visibility/gather/artifacts.ts";
import { causeOf, explainFailure, type FailureCause } from "../../src/web/failure-explanation.ts";
import { freePort } from "../../scripts/bench/bench-helpers.ts";
import { startFixtureSite, type FixtureSite } from "../helpers/fixture-server.ts";

const noDns: Lookup = async (hostname) => {
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" });
};
const privateDns: Lookup = async () => [{ address: "10.1.2.3", family: 4 }];

let silent: Server;
let silentPort: number;
let tlsSite: FixtureSite;
let loopSite: FixtureSite;

beforeAll(async () => {
  // Accepts connections and never answers: a site that times out.
  silent = createServer(() => {}).listen(0, "127.0.0.1");
  await new Promise((resolve) => silent.once("listening", resolve));
  silentPort = (silent.address() as { port: number }).port;
  tlsSite = await startFixtureSite({ "/": "<html><title>x</title></html>" }, { tls: true });
  loopSite = await startFixtureSite(() => new Response(null, { status: 301, headers: { location: "http://loop.test/" } }));
});

afterAll(async () => {
  silent?.close();
  await tlsSite?.stop();
  await loopSite?.stop();
});

/** The reason the visibility analyzer stores when the homepage of `domain` cannot be reached. */
async function realReason(domain: string, options: { connectTo?: string[]; lookup?: Lookup; timeoutMs?: number }): Promise<string> {
  const fetcher = createSafeFetcher({
    connectTo: parseConnectTo(options.connectTo ?? []),
    timeoutMs: options.timeoutMs ?? 3000,
    maxBytes: 100_000,
    userAgent: "sightline-test",
    lookup: options.lookup ?? noDns,
  });
  const homepage = await gatherHomepage({ domain, fetcher, signal: new AbortController().signal });
  const record = scoreArtifacts(domain, { homepage } as Artifacts, new Date("2026-11-20T10:00:00Z"));
  expect(record.status).toBe("failed");
  return record.reason!;
}

function expectCause(reason: string, domain: string, cause: FailureCause) {
  const explained = explainFailure(reason, domain);
  expect(explained.cause).toBe(cause);
  expect(explained.sentence).not.toContain("ECONN");
  expect(explained.sentence).toMatch(/^[A-Z0-9a-z].*\.$/);
  expect(explained.checklist.length).toBeGreaterThanOrEqual(1);
  return explained;
}

const checklistText = (explained: ReturnType<typeof explainFailure>) => explained.checklist.map((item) => item.value).join("\n");

describe("failure reasons a person can read", () => {
  test("a refused connection (and a www. name that does not exist) is a refusal, not a DNS problem", async () => {
    const closed = await freePort();
    const reason = await realReason("down.test", { connectTo: [`down.test:443:127.0.0.1:${closed}`, `down.test:80:127.0.0.1:${closed}`] });
    expect(reason).toContain("does not resolve"); // the www. fallback is in the chain…
    const explained = expectCause(reason, "down.test", "refused");
    expect(explained.sentence).toBe("down.test has an address, but the server there refused the connection on the web ports (443 for HTTPS, 80 for HTTP).");
    const checklist = checklistText(explained);
    expect(checklist).not.toContain("DNS zone"); // …but the checklist is about the refusal.
    expect(checklist).toContain("port 443");
    // Every address tried stays available as a technical detail.
    expect(explained.attempts.map((attempt) => attempt.url)).toEqual(["https://down.test/", "http://down.test/", "https://www.down.test/"]);
    expect(explained.attempts.map((attempt) => attempt.cause)).toEqual(["refused", "refused", "dns"]);
  });

  test("a name that does not resolve anywhere is a DNS problem, with DNS checks", async () => {
    const explained = expectCause(await realReason("nowhere.test", {}), "nowhere.test", "dns");
    expect(explained.sentence).toBe("The name nowhere.test does not resolve in public DNS, so there was no address to connect to.");
    expect(checklistText(explained)).toContain("dig +short nowhere.test");
    expect(checklistText(explained)).not.toContain("port 443");
  });

  test("a private address is named as such", async () => {
    const explained = expectCause(await realReason("intranet.test", { lookup: privateDns }), "intranet.test", "blocked");
    expect(checklistText(explained)).toContain("SCAN_CONNECT_TO");
  });

  test("a certificate the scanner does not trust is a TLS problem", async () => {
    // The fixture's certificate comes from the test CA, which this fetcher is not given.
    const reason = await realReason("secure.test", { connectTo: [tlsSite.connectTo("secure.test", 443), `secure.test:80:127.0.0.1:${await freePort()}`] });
    const explained = expectCause(reason, "secure.test", "tls");
    expect(checklistText(explained)).toContain("intermediate certificates");
  });

  test("a server that never answers is a timeout", async () => {
    const reason = await realReason("slow.test", {
      connectTo: [`slow.test:443:127.0.0.1:${silentPort}`, `slow.test:80:127.0.0.1:${silentPort}`],
      timeoutMs: 300,
    });
    expectCause(reason, "slow.test", "timeout");
  });

  test("reasons without a list of addresses: the scan deadline, a given-up job, schema answers, anything else", () => {
    expectCause("The scan did not finish within 60 seconds.", "a.test", "deadline");
    expect(explainFailure("The scan could not be completed: worker crashed twice", "a.test").cause).toBe("unknown");
    expectCause("https://a.test/p answered HTTP 404, so there is no page to analyse.", "a.test", "http-status");
    expectCause("https://a.test/p is not an HTML page (Content-Type: application/pdf).", "a.test", "not-html");
    const unknown = expectCause("Something new went wrong.", "a.test", "unknown");
    expect(unknown.attempts).toEqual([]);
  });

  test("a redirect loop is named, from the real fetcher's message", async () => {
    // A visibility scan goes on after a looping homepage (its audits judge it); the schema service fails on it.
    const fetcher = createSafeFetcher({ connectTo: parseConnectTo([loopSite.connectTo("loop.test", 80)]), timeoutMs: 3000, maxBytes: 100_000, userAgent: "sightline-test", lookup: noDns });
    const error = await fetcher.fetch("http://loop.test/").then(() => null, (caught: Error) => caught);
    expect(causeOf(error!.message)).toBe("redirects");
    expectCause(`The page could not be fetched (http://loop.test/: ${error!.message}).`, "loop.test", "redirects");
  });
});
