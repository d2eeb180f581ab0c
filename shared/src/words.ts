/**
 * A count with its noun in the right number, for text a person reads: `1 record`, `2 records`,
 * `1 query`, `3 queries` (give the plural when it is not the noun and an s).
 */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : nouns}`;
}
