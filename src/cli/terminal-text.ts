import { UNSAFE_CHARACTERS } from "../lib/unsafe-characters.ts";

/**
 * Text from users and scanned sites as the command line prints it. A terminal acts on ESC (escape
 * sequences that move the cursor, retitle the window or rewrite earlier lines), backspace and the other
 * controls, and reorders text around bidi controls (issue 30, finding 9: a key name or email could
 * rewrite `sightline keys list`). Each such character is shown as its escape, `\u001b`, so the person
 * sees that it is there and the terminal does nothing with it.
 */
export function terminalText(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, escapeOf);
}

/** Several lines for a terminal (a scan's summary): newlines and tabs stay, every other such character is escaped. */
export function terminalBlock(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, (character) => (character === "\n" || character === "\t" ? character : escapeOf(character)));
}

/**
 * Pretty JSON for a terminal: JSON.stringify escapes C0 controls in strings but leaves C1 and bidi controls
 * raw; those become JSON escapes too (the JSON means the same). Its only raw newlines are its own layout.
 */
export function terminalJson(value: unknown): string {
  return terminalBlock(JSON.stringify(value, null, 2));
}

function escapeOf(character: string): string {
  return `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;
}
