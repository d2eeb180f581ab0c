import { isRelativeName } from '@dnsferry/shared';
import { wordlistText } from './wordlist-text';

/**
 * The deep scan's public wordlist (./wordlist-text.ts), used as published: in its order (most
 * common first), lower-cased (DNS names are case-insensitive, the list has `WWW` and `www`), each
 * name once, and only what can be a name below a domain. Nothing is added to it.
 */
let names: readonly string[] | undefined;

export function wordlist(): readonly string[] {
  names ??= parse(wordlistText());
  return names;
}

function parse(text: string): string[] {
  const seen = new Set<string>();
  for (const line of text.split(/\r?\n/)) {
    const name = line.trim().toLowerCase();
    if (name !== '' && name !== '@' && !name.includes('*') && isRelativeName(name)) seen.add(name);
  }
  return [...seen];
}

/**
 * The labels that stand first in the list's names of more than one label (`www.blog`,
 * `webdisk.shop`), those standing there at least `minimum` times: the list's own common second
 * labels, by how often, for going below a name that was found.
 */
export function secondLabels(minimum: number): string[] {
  const counts = new Map<string, number>();
  for (const name of wordlist()) {
    const dot = name.indexOf('.');
    if (dot > 0) counts.set(name.slice(0, dot), (counts.get(name.slice(0, dot)) ?? 0) + 1);
  }
  return [...counts]
    .filter(([, n]) => n >= minimum)
    .sort((a, b) => b[1] - a[1])
    .map(([label]) => label);
}
