/**
 * Record JSON that both engines read (issue 30, finding 8): a NUL dropped and a lone surrogate made
 * U+FFFD, in values and keys alike, everything else kept; and PostgreSQL's jsonb accepts the result.
 */
import { describe, expect, test } from "bun:test";
import { storableJson } from "../../src/store/storable-json.ts";
import { forEachStoreEngine } from "../helpers/store-engines.ts";
import { POSTGRES_HOOK_TIMEOUT_MS } from "../helpers/postgres.ts";
import { insertScan, latestScan, scanHistoryPage } from "../../src/store/scans-repo.ts";
import { makeRecordsStorableOnce } from "../../src/store/record-repair.ts";
import { recordFacts } from "../../src/analyzers/record-facts.ts";

/** What a record should hold once stored: every string (keys too) without NUL and well formed. */
function cleaned(value: unknown): unknown {
  // Surrogates are judged as the page had them: a NUL between two halves does not make them a pair.
  if (typeof value === "string") return value.toWellFormed().replaceAll("\0", "");
  if (Array.isArray(value)) return value.map(cleaned);
  if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [cleaned(key), cleaned(item)]));
  return value;
}

/** A small seeded generator (mulberry32), so a failure names the case it found. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = ["a", "\\", "\\\\", "\0", "\ud800", "\udbff", "\udc00", "\udfff", "\ud83d\ude00", "u", "0000", "d800", "\"", "\u0001", "é", "\\u0000"];

describe("storableJson", () => {
  test("drops NUL, makes lone surrogates U+FFFD, keeps escaped backslashes, pairs and everything else", () => {
    expect(storableJson(JSON.stringify({ name: "Nul\0Corp" }))).toBe('{"name":"NulCorp"}');
    expect(storableJson(JSON.stringify({ ["k\0ey"]: "\ud800x" }))).toBe('{"key":"\\ufffdx"}');
    // The text `\u0000` written in a page is a backslash and five characters, not a NUL: kept.
    expect(storableJson(JSON.stringify({ text: "\\u0000 and \\ud800" }))).toBe(JSON.stringify({ text: "\\u0000 and \\ud800" }));
    expect(storableJson('"\\ud83d\\ude00 \\uD83D\\uDE00"')).toBe('"\\ud83d\\ude00 \\uD83D\\uDE00"');
    expect(storableJson('"\\\\\\u0000"')).toBe('"\\\\"');
    const plain = JSON.stringify({ a: [1, "two", { three: "😀 é \u0001" }] });
    expect(storableJson(plain)).toBe(plain);
  });

  test("for 3,000 generated records, the stored JSON parses to the record with every string cleaned", () => {
    const next = random(30);
    const text = () => Array.from({ length: Math.floor(next() * 8) }, () => PIECES[Math.floor(next() * PIECES.length)]).join("");
    for (let index = 0; index < 3000; index++) {
      const record = { [text()]: text(), list: [text(), { [text()]: text() }], n: index };
      const stored = storableJson(JSON.stringify(record));
      expect({ index, parsed: JSON.parse(stored) }).toEqual({ index, parsed: cleaned(record) });
      expect(stored).not.toContain("\0");
    }
  });
});

forEachStoreEngine((engine) => {
  test("a record holding NUL, lone surrogates and escaped look-alikes is stored, and the history reads its grade", async () => {
    const db = await engine.open();
    const record = { status: "ok", result: { grade: "B", "na\0me": "Nul\0Corp \ud800 \udc00 \\u0000 😀" } };
    await insertScan(db, { domain: "nul.test", status: "ok", score: 80, ...recordFacts(record), scannedAt: 1, recordJson: JSON.stringify(record), artifactsJson: null, caller: { kind: "cli" } });
    const history = await scanHistoryPage(db, "nul.test", 10, 0);
    expect(history.map((row) => row.grade)).toEqual(["B"]);
    const stored = await db.get<{ record: string }>("SELECT record FROM scans WHERE domain = ?", ["nul.test"]);
    expect(JSON.parse(stored!.record)).toEqual(cleaned(record));
  }, POSTGRES_HOOK_TIMEOUT_MS);

  test("records stored before are rewritten once at start: the history reads again, other records stay byte for byte", async () => {
    const db = await engine.open();
    const insertRaw = (domain: string, record: string) =>
      db.run("INSERT INTO scans (domain, status, score, scanned_at, record, caller_kind) VALUES (?, 'ok', 70, 1, ?, 'cli')", [domain, record]);
    const broken = JSON.stringify({ result: { grade: "C", name: "Nul\0Corp \ud800" } });
    const fine = JSON.stringify({ result: { grade: "A", text: "\\u0000 typed \u0001 😀" } });
    await insertRaw("broken.test", broken);
    await insertRaw("fine.test", fine);
    const lines: string[] = [];
    await makeRecordsStorableOnce(db, (_level, message, fields) => lines.push(`${message} ${JSON.stringify(fields)}`), recordFacts);
    expect(lines).toEqual(['stored records rewritten without NUL and lone surrogates {"records":1}']);
    expect((await scanHistoryPage(db, "broken.test", 10, 0)).map((row) => row.grade)).toEqual(["C"]);
    expect(JSON.parse((await latestScan(db, "broken.test"))!.recordJson)).toEqual({ result: { grade: "C", name: "NulCorp \ufffd" } });
    expect((await latestScan(db, "fine.test"))!.recordJson).toBe(fine);
    // Done once: a later start reads no record.
    await insertRaw("later.test", broken);
    await makeRecordsStorableOnce(db, () => lines.push("again"), recordFacts);
    expect(lines).toHaveLength(1);
  }, POSTGRES_HOOK_TIMEOUT_MS);
});
