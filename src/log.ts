import { writeSync } from "node:fs";

/**
 * One JSON object per line on stdout. Callers pass only fields that are safe to log: never a token,
 * key, password or challenge (the request logger logs method, path, status, duration and client).
 */

export type LogLevel = "debug" | "info" | "warn" | "error" | "silent";
export type LogFields = Record<string, string | number | boolean | null | undefined>;
export type Log = (level: Exclude<LogLevel, "silent">, message: string, fields?: LogFields) => void;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

export function createLogger(minimum: LogLevel, write: (line: string) => void = writeStdout): Log {
  const threshold = RANK[minimum];
  return (level, message, fields) => {
    if (RANK[level] < threshold) return;
    write(formatLine(level, message, fields));
  };
}

let lastMs = 0;
let lastIso = "";

/** The current time in ISO 8601; a busy server logs many lines within one millisecond. */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastIso = new Date(ms).toISOString();
  }
  return lastIso;
}

/** One JSON object, written field by field: the request log runs on every request. */
function formatLine(level: string, message: string, fields: LogFields | undefined): string {
  let line = `{"time":"${isoNow()}","level":"${level}","message":${JSON.stringify(message)}`;
  for (const name in fields) {
    const value = fields[name];
    if (value === undefined) continue;
    const json = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "null") : JSON.stringify(value);
    line += `,${JSON.stringify(name)}:${json}`;
  }
  return `${line}}\n`;
}

/**
 * Lines are gathered and written together every FLUSH_MS (or at 64 KiB), so a busy server makes one
 * write per batch instead of one per request. Lines still pending when the process exits normally are
 * written by the exit handler; only a kill -9 can lose the last few milliseconds.
 */
const FLUSH_MS = 25;
let pending: string[] = [];
let pendingBytes = 0;
let flushScheduled = false;

function writeStdout(line: string): void {
  pending.push(line);
  pendingBytes += line.length;
  if (pendingBytes >= 64 * 1024) flushStdout();
  else if (!flushScheduled) {
    flushScheduled = true;
    setTimeout(flushStdout, FLUSH_MS).unref();
  }
}

export function flushStdout(): void {
  flushScheduled = false;
  if (pending.length === 0) return;
  const text = pending.join("");
  pending = [];
  pendingBytes = 0;
  // A plain write(2): process.stdout's stream machinery costs more than the formatting of the lines.
  try {
    writeSync(1, text);
  } catch {
    // stdout closed (EPIPE) or full (EAGAIN on a non-blocking pipe): logging must never take the server down.
  }
}

process.on("exit", flushStdout);

/** A logger that drops everything, for tests and for commands whose output is the result. */
export const silentLog: Log = () => {};
