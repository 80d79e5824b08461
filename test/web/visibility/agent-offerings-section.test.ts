/**
 * The report page's "What the site offers agents" section, through the whole app: a stored record's
 * agentOfferings listed with their state, hostile names, URLs and notes shown as text, an empty list
 * said in words, and an older record without the field showing no section.
 */
import { afterEach, describe, expect, test } from "bun:test";
import { parseHTML } from "linkedom";
import type { VisibilityRecord } from "../../../src/analyzers/visibility/record-schema.ts";
import { createTestRuntime, type TestRuntime } from "../../helpers/test-runtime.ts";
import { HOSTILE_STRINGS, HOSTILE_TEXT } from "../hostile-content.ts";
import { expectInert } from "../inert-html.ts";
import { okRecord, storeRecord } from "../record-fixtures.ts";

const NOW = Date.parse("2026-11-20T13:00:00.000Z");
let runtime: TestRuntime | undefined;
afterEach(async () => {
  await runtime?.close();
  runtime = undefined;
});

async function report(record: VisibilityRecord) {
  runtime = await createTestRuntime({ PUBLIC_URL: "https://scan.example.org" }, { now: () => NOW, runWorker: false });
  await storeRecord(runtime.runtime.db, record);
  const response = await runtime.request(`/report/${record.domain}`);
  const text = await response.text();
  return { response, text, document: parseHTML(text).document };
}

const OFFERINGS: NonNullable<VisibilityRecord["agentOfferings"]> = [
  { kind: "markdown", name: "Markdown when asked for it", url: "https://agents.test/", status: "offered", note: null },
  { kind: "llms-txt", name: "llms.txt", url: "https://agents.test/llms.txt", status: "offered", note: null },
  { kind: "mcp-server-card", name: "MCP server card", url: "https://agents.test/.well-known/mcp/server-card.json", status: "invalid", note: "lists no `remotes` endpoint (SEP-2127, server-card schema v1)" },
  { kind: "nlweb-json", name: "an NLWeb file (nlweb.json)", url: "https://agents.test/.well-known/nlweb.json", status: "unspecified", note: "/.well-known/nlweb.json is not specified by NLWeb" },
];

describe("the report's agent offerings", () => {
  test("each offering is listed with its state, name, link and note", async () => {
    const { response, document } = await report({ ...okRecord("agents.test", 80), agentOfferings: OFFERINGS });
    expect(response.status).toBe(200);
    const section = document.querySelector("section.agent-offerings")!;
    expect(section.querySelector("h2")!.textContent).toBe("What the site offers agents");
    const items = Array.from(section.querySelectorAll("li"));
    expect(items.map((item) => item.querySelector(".status")!.textContent)).toEqual(["offered", "offered", "incomplete", "not read by agents"]);
    expect(items.map((item) => item.querySelector("a")!.getAttribute("href"))).toEqual(OFFERINGS.map((offering) => offering.url));
    expect(items[2]!.textContent).toBe("incomplete MCP server card: https://agents.test/.well-known/mcp/server-card.json (lists no `remotes` endpoint (SEP-2127, server-card schema v1))");
    expect(items[3]!.textContent).toContain("/.well-known/nlweb.json is not specified by NLWeb");
  });

  test("hostile names, URLs and notes are shown as text and run nothing", async () => {
    const hostile = OFFERINGS.map((offering, index) => ({ ...offering, name: HOSTILE_TEXT, url: index === 0 ? HOSTILE_STRINGS[2] : `https://agents.test/${HOSTILE_STRINGS[1]}`, note: HOSTILE_TEXT }));
    const { text } = await report({ ...okRecord("hostile-agents.test", 60), agentOfferings: hostile });
    for (const string of HOSTILE_STRINGS.filter((entry) => !entry.startsWith("javascript:"))) expect(text).not.toContain(string);
    const document = expectInert(text);
    const items = Array.from(document.querySelectorAll("section.agent-offerings li"));
    expect(items).toHaveLength(4);
    expect(items[0]!.textContent).toContain(HOSTILE_TEXT);
    expect(items[0]!.querySelector("a")!.getAttribute("href")).not.toStartWith("javascript:");
  });

  test("a record whose site offers agents nothing says so; an older record has no section", async () => {
    const empty = await report({ ...okRecord("plain.test", 70), agentOfferings: [] });
    expect(empty.document.querySelector("section.agent-offerings p")!.textContent).toContain("A site that offers agents no service loses nothing by it.");
    await runtime!.close();
    runtime = undefined;
    const older = await report(okRecord("older.test", 70));
    expect(older.response.status).toBe(200);
    expect(older.document.querySelector("section.agent-offerings")).toBeNull();
  });
});
