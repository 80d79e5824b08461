import { ERROR_MESSAGE_MAX_CHARS, cutChars } from "./answer-limits.ts";

/**
 * Provider error messages may quote the key they were sent ("Incorrect API key provided: sk-pro***abcd"),
 * and they end up in results, records and logs. Every message from a provider passes through here first.
 */

/** Shapes of provider keys, quoted whole or masked: OpenAI sk-…, Anthropic sk-ant-…, Google AIza…, Perplexity pplx-…. */
const KEY_SHAPES = /\b(?:sk-[A-Za-z0-9_*.-]{6,}|AIza[A-Za-z0-9_*-]{10,}|pplx-[A-Za-z0-9_*-]{6,})/g;

export function scrubSecrets(message: string, secrets: readonly string[]): string {
  let text = message;
  for (const secret of secrets) {
    if (secret.length < 4) continue;
    text = text.split(secret).join("[redacted]");
  }
  text = text.replace(KEY_SHAPES, "[redacted]");
  // A masked quote keeps a prefix or suffix of the key: redact any word that holds 6 or more of its first
  // or last characters.
  text = text.replace(/[^\s"'`,;()[\]{}]{6,}/g, (word) => (secrets.some((secret) => sharesEnd(word, secret)) ? "[redacted]" : word));
  return cutChars(text, ERROR_MESSAGE_MAX_CHARS);
}

function sharesEnd(word: string, secret: string): boolean {
  if (secret.length < 12) return word.includes(secret);
  return word.includes(secret.slice(0, 6)) || word.includes(secret.slice(-6));
}
