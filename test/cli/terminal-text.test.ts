/**
 * What the command line prints from users and scanned sites (issue 30, finding 9): ESC, backspace, the
 * other controls and bidi controls are shown as escapes, never sent to the terminal, in `keys list`
 * (table and --json) and `scan`'s summary; plain text, newlines in a summary and columns are kept.
 */
import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadConfig } from "../../src/config.ts";
import { keysCommand } from "../../src/cli/keys-command.ts";
import { EXIT } from "../../src/cli/exit-codes.ts";
import { openDatabase } from "../../src/store/database.ts";
import { insertUser } from "../../src/store/users-repo.ts";
import { insertApiKey } from "../../src/store/api-keys-repo.ts";
import { terminalBlock, terminalJson, terminalText } from "../../src/cli/terminal-text.ts";
import { summary } from "../../src/cli/scan-command.ts";

/** Anything a terminal acts on, or that reorders the text shown: none may reach the output raw. */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

describe("terminalText", () => {
  test("escapes controls and bidi controls, keeps everything else", () => {
    expect(terminalText("a\u001b[2Jb\bc\u202ed\u2066e\u0000f\u009bg\nh\ti")).toBe("a\\u001b[2Jb\\u0008c\\u202ed\\u2066e\\u0000f\\u009bg\\u000ah\\u0009i");
    expect(terminalText("café 😀 日本 key")).toBe("café 😀 日本 key");
    expect(terminalBlock("line one\n\tline\u001b]0;title\u0007 two")).toBe("line one\n\tline\\u001b]0;title\\u0007 two");
    const json = terminalJson({ name: "x\u009b\u202e\u001b" });
    expect(json).not.toMatch(RAW);
    expect(JSON.parse(json)).toEqual({ name: "x\u009b\u202e\u001b" });
  });
});

describe("sightline keys list", () => {
  let work: string;
  beforeEach(() => {
    work = mkdtempSync(join(tmpdir(), "sightline-terminal-"));
  });
  afterEach(() => rmSync(work, { recursive: true, force: true }));

  test("a name and an email stored with ESC, backspace and bidi controls are printed escaped, in the table and in --json", async () => {
    const path = join(work, "keys.sqlite");
    const db = openDatabase(path);
    // Stored as earlier versions let them through (the forms refuse them now).
    const userId = (await insertUser(db, { email: "eve\u001b[2J\u202e@example.com", passwordHash: "x", createdAt: 0 }))!;
    await insertApiKey(db, { userId, name: "ci\b\b\bprod\u001b]0;owned\u0007\u2067", keyHash: new Uint8Array(32).fill(1), visibleStart: "aivis_abcd", createdAt: 0 });
    await insertApiKey(db, { userId: null, name: "plain", keyHash: new Uint8Array(32).fill(2), visibleStart: "aivis_efgh", createdAt: 0 });
    await db.close();

    const config = loadConfig({ DATABASE_PATH: path });
    const printed = async (args: string[]) => {
      const out: string[] = [];
      expect(await keysCommand(args, config, { out: (text) => void out.push(text), err: () => {} })).toBe(EXIT.ok);
      const text = out.join("");
      expect(text).not.toMatch(RAW);
      return text;
    };
    const listed = await printed(["list"]);
    expect(listed).toContain("eve\\u001b[2J\\u202e@example.com");
    expect(listed).toContain("ci\\u0008\\u0008\\u0008prod\\u001b]0;owned\\u0007\\u2067");
    // The JSON still holds the stored text exactly, only written with escapes.
    const json = JSON.parse(await printed(["list", "--json"])) as { name: string; userEmail: string | null }[];
    expect(json.map((key) => [key.name, key.userEmail])).toEqual([
      ["plain", null],
      ["ci\b\b\bprod\u001b]0;owned\u0007\u2067", "eve\u001b[2J\u202e@example.com"],
    ]);
    const table: string[] = [];
    await keysCommand(["list"], config, { out: (text) => void table.push(text), err: () => {} });
    const lines = table.join("").trimEnd().split("\n");
    expect(lines).toHaveLength(3);
    // Columns still line up: the KEY column starts at the same place on every line.
    const keyColumn = lines[0]!.indexOf("KEY");
    expect(lines.slice(1).map((line) => line.indexOf("aivis_"))).toEqual([keyColumn, keyColumn]);
  });
});

test("sightline scan's summary escapes what the scanned site wrote, and keeps its own line breaks", () => {
  const record = {
    domain: "hostile.test",
    status: "ok",
    scannedAt: "2026-01-01T00:00:00.000Z",
    offSite: null,
    result: {
      score: 40,
      grade: "D",
      label: "Poor",
      pillars: [],
      topIssues: [{ id: "title-present", title: "The page has a descriptive <title>", impact: "medium", detail: "The homepage is titled \"\u001b[31mHACKED\u001b[0m\u202e\".", fix: { what: "Fix it", why: "", how: "Line one\nLine\b two", effort: "S" } }],
      gates: [],
    },
  } as unknown as Parameters<typeof summary>[0];
  const printed = terminalBlock(summary(record, null));
  expect(printed).not.toMatch(RAW);
  expect(printed).toContain("\\u001b[31mHACKED\\u001b[0m\\u202e");
  expect(printed).toContain("Line one\n     Line\\u0008 two");
});
