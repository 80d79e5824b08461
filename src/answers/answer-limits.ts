/**
 * Bounds on what one answer may cost us, whatever a provider (or something posing as one at a base URL)
 * sends: a response body is read up to RESPONSE_MAX_BYTES, and what is kept of it is cut further.
 */

/** A real answer with web search is tens of kilobytes (Anthropic's search results carry encrypted page content). */
export const RESPONSE_MAX_BYTES = 8 * 1024 * 1024;
/** Answer text kept in a result or record, in UTF-8 bytes; brand mentions are looked for in the whole text first. */
export const ANSWER_TEXT_MAX_BYTES = 32 * 1024;
/** Sources kept per answer, in the engine's order (cited first). */
export const SOURCES_MAX = 40;
export const SOURCE_URL_MAX_CHARS = 2048;
export const SOURCE_TITLE_MAX_CHARS = 300;
/** Other cited domains kept per answer. */
export const OTHER_DOMAINS_MAX = 20;
/** A provider's error message, once scrubbed, is cut to this. */
export const ERROR_MESSAGE_MAX_CHARS = 300;

/** The longest prefix of `text` that fits in `maxBytes` of UTF-8, never splitting a character. */
export function cutUtf8(text: string, maxBytes: number): { text: string; cut: boolean } {
  if (text.length <= maxBytes / 3) return { text, cut: false };
  const bytes = new TextEncoder().encode(text);
  if (bytes.length <= maxBytes) return { text, cut: false };
  let end = maxBytes;
  // Step back over continuation bytes (10xxxxxx) to the start of a character.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return { text: new TextDecoder().decode(bytes.subarray(0, end)), cut: true };
}

export function cutChars(text: string, max: number): string {
  if (text.length <= max) return text;
  // Do not leave half a surrogate pair at the end.
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}
