/**
 * Peak memory of one scan of a site whose homepage is 5 MB of HTML, measured in a child process through
 * /proc/<pid>/status VmHWM: the peak during the scan minus the peak of the same process idle, after it
 * loaded the scanner (goal: under 150 MB above idle).
 */
import { join } from "node:path";
import { startFixtureSite, TEST_CA_PATH } from "../../test/helpers/fixture-server.ts";
import { wellPreparedSite } from "../../test/fixtures/sites/well-prepared.ts";
import { childEnv } from "../lib/child-env.ts";

const DOMAIN = "huge-page.secure.test";
const PAGE_BYTES = 5 * 1000 * 1000;
const GOAL_MB = 150;

/** A realistic large page: many articles with headings, paragraphs, links and lists, not one giant text node. */
function hugeHomepage(): string {
  const article = (index: number) =>
    `<article><h2>Question ${index}: how does part ${index} work?</h2><p>Part ${index} of the catalogue explains, in plain words, how the service handles <a href="/items/${index}">item ${index}</a>, what it costs and who it is for.</p><ul><li>Fast</li><li>Clear</li><li>Documented</li></ul></article>\n`;
  const parts: string[] = ['<!doctype html><html lang="en"><head><meta charset="utf-8"><title>A very large page</title></head><body><main><h1>Everything on one page</h1>'];
  let size = parts[0]!.length;
  for (let index = 0; size < PAGE_BYTES - 200; index++) {
    const chunk = article(index);
    parts.push(chunk);
    size += chunk.length;
  }
  parts.push("</main></body></html>");
  return parts.join("");
}

export async function benchScanMemory(): Promise<{ aboveIdleMb: number; lines: string[] }> {
  const html = hugeHomepage();
  const site = await startFixtureSite({ ...wellPreparedSite(DOMAIN), "/": () => new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }) }, { tls: true });
  try {
    const child = Bun.spawn([process.execPath, join(import.meta.dir, "scan-memory-child.ts")], {
      env: childEnv({
        SCAN_DOMAIN: DOMAIN,
        NODE_EXTRA_CA_CERTS: TEST_CA_PATH,
        SCAN_CONNECT_TO: site.connectTo(DOMAIN),
        OFFSITE_CHECKS: "off",
        FETCH_MAX_BYTES: String(6 * 1024 * 1024),
        LOG_LEVEL: "silent",
      }),
      stdout: "pipe",
      stderr: "inherit",
    });
    const [output, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
    if (code !== 0) throw new Error(`the memory benchmark child exited with ${code}`);
    const { idleKb, peakKb, status, score } = JSON.parse(output.trim().split("\n").pop()!) as { idleKb: number; peakKb: number; status: string; score: number | null };
    const aboveIdleMb = (peakKb - idleKb) / 1024;
    return {
      aboveIdleMb,
      lines: [
        `scan memory: ${(Buffer.byteLength(html) / 1e6).toFixed(1)} MB homepage, scan ${status} (score ${score}); idle ${Math.round(idleKb / 1024)} MB, peak ${Math.round(peakKb / 1024)} MB`,
        `scan memory above idle: ${aboveIdleMb.toFixed(0)} MB (goal < ${GOAL_MB} MB) ${aboveIdleMb < GOAL_MB ? "ok" : "ABOVE GOAL"}`,
      ],
    };
  } finally {
    await site.stop();
  }
}
