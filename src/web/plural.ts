/** "1 second", "2 seconds", "1 recommended addition": a count with its noun, singular or plural (regular nouns). */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}
