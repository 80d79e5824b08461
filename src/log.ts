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
    write(`${JSON.stringify({ time: new Date().toISOString(), level, message, ...fields })}\n`);
  };
}

function writeStdout(line: string): void {
  process.stdout.write(line);
}

/** A logger that drops everything, for tests and for commands whose output is the result. */
export const silentLog: Log = () => {};
