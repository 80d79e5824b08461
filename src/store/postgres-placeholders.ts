/**
 * Store statements are written once with SQLite's placeholders: `?` (the next value) and `?N` (the
 * N-th value, for one used twice). PostgreSQL numbers them `$N`. The rewrite skips quoted text, so a
 * `?` inside a string literal or a quoted name stays as written. Statements are a fixed set of
 * constants, so each is rewritten once and kept.
 */
const rewritten = new Map<string, string>();
const KEEP_AT_MOST = 2_000;

export function postgresPlaceholders(sql: string): string {
  let text = rewritten.get(sql);
  if (text === undefined) {
    text = rewrite(sql);
    // Only a bug could produce statements without end; do not let it grow memory with them.
    if (rewritten.size < KEEP_AT_MOST) rewritten.set(sql, text);
  }
  return text;
}

function rewrite(sql: string): string {
  let out = "";
  let next = 1;
  let quote: string | null = null;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i]!;
    if (quote !== null) {
      out += c;
      if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"') {
      quote = c;
      out += c;
      continue;
    }
    if (c !== "?") {
      out += c;
      continue;
    }
    let digits = "";
    while (i + 1 < sql.length && sql[i + 1]! >= "0" && sql[i + 1]! <= "9") digits += sql[++i];
    out += digits ? `$${digits}` : `$${next++}`;
  }
  return out;
}
