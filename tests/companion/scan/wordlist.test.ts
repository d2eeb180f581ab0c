import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { secondLabels, wordlist } from '@dnsferry/companion/scan/wordlist';
import { WORDLIST_PACKAGE } from '@dnsferry/companion/scan/wordlist-text';

const published = readFileSync(createRequire(import.meta.url).resolve('subquest/dictionary/top_5000.txt'), 'utf8')
  .split(/\r?\n/)
  .filter((l) => l.trim() !== '');

describe('the deep scan wordlist', () => {
  it('is the published list as it stands: its names, in its order, each once, lower case', () => {
    const list = wordlist();
    expect(published).toHaveLength(5000);
    const expected = [...new Set(published.map((l) => l.trim().toLowerCase()))];
    // nothing added, nothing but duplicates (WWW and www) and non-names left out
    expect(list.every((n) => expected.includes(n))).toBe(true);
    expect(list.length).toBeGreaterThan(4900);
    expect(list.slice(0, 5)).toEqual(['www', 'mail', 'ftp', 'localhost', 'webmail']);
    expect(new Set(list).size).toBe(list.length);
    expect(list.filter((n) => n !== n.toLowerCase() || n.includes('*') || n.endsWith('.'))).toEqual([]);
  });

  it('names the package it comes from and its licence', () => {
    expect(WORDLIST_PACKAGE).toEqual({ name: 'subquest', version: '1.5.3', file: 'dictionary/top_5000.txt', licence: 'MIT' });
    const pkg = JSON.parse(readFileSync(createRequire(import.meta.url).resolve('subquest/package.json'), 'utf8')) as {
      version: string;
      license: string;
    };
    expect([pkg.version, pkg.license]).toEqual(['1.5.3', 'MIT']);
  });

  it('gives the common second labels of its own names of two labels, most frequent first', () => {
    const counts = new Map<string, number>();
    for (const n of new Set(published.map((l) => l.trim().toLowerCase()))) {
      if (n.includes('.')) counts.set(n.split('.')[0]!, (counts.get(n.split('.')[0]!) ?? 0) + 1);
    }
    const labels = secondLabels(5);
    expect(labels[0]).toBe('www');
    for (const l of labels) expect(counts.get(l)).toBeGreaterThanOrEqual(5);
    expect([...counts].filter(([, c]) => c >= 5)).toHaveLength(labels.length);
  });
});
