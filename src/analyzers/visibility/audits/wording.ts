/** "1 block", "3 blocks": details are read by people, so counts agree with their nouns. */
export function counted(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
