import { describe, expect, it } from 'vitest';
import { OwnerTable } from '../../../shared/src/zone-file/owner-table';

describe('OwnerTable', () => {
  it('finds each of many names it was given, and none it was not, past every growth', () => {
    const table = new OwnerTable<number>();
    // names that share long suffixes and differ in a character, as a zone's owners do
    const names = Array.from({ length: 50_000 }, (_, i) => `h${i}.bench.example`);
    for (const [i, name] of names.entries()) {
      expect(table.get(name)).toBeUndefined();
      table.add(name, i);
    }
    expect(table.size).toBe(50_000);
    for (const [i, name] of names.entries()) expect(table.get(name)).toBe(i);
    // the same names built again (other strings, same text) are the same names
    for (let i = 0; i < 50_000; i += 997) expect(table.get(['h', String(i), '.bench.example'].join(''))).toBe(i);
    expect(table.get('h50000.bench.example')).toBeUndefined();
    expect(table.get('')).toBeUndefined();
  });

  it('answers the name asked last, and refuses a name twice', () => {
    const table = new OwnerTable<string>();
    table.add('a.example', 'first');
    expect(table.get('a.example')).toBe('first');
    expect(table.get('a.example')).toBe('first');
    expect(table.get('b.example')).toBeUndefined();
    table.add('b.example', 'second');
    expect(table.get('b.example')).toBe('second');
    expect(() => table.add('a.example', 'again')).toThrow(/already/);
  });
});
