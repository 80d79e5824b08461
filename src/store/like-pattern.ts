/**
 * A LIKE pattern that matches `text` anywhere, for statements that say ESCAPE '\': the `%`, `_` and
 * `\` someone types match themselves instead of acting as wildcards.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
