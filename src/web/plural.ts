/** "1 second", "2 seconds", "1 recommended addition": a count with its noun, singular or plural (regular nouns). */
export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${nounFor(count, noun, pluralNoun)}`;
}

/** The noun alone, for pages that set the number apart ("<strong>3</strong> items"). */
export function nounFor(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return count === 1 ? noun : pluralNoun;
}
