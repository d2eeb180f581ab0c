import { describe, expect, it } from 'vitest';
import { readPaste } from '@/utils/paste-reading';

describe('readPaste', () => {
  it('reads a zone file as one, with its $ORIGIN', () => {
    const p = readPaste('$ORIGIN example.com.\nwww 300 IN A 192.0.2.1\n', undefined);
    expect(p.kind).toBe('zone-file');
    expect(p.origin).toBe('example.com');
    expect(p.records).toEqual([{ type: 'A', name: 'www', ttl: 300, content: '192.0.2.1' }]);
  });

  it('reads a text with a header row as a table, against the zone typed (IDN included)', () => {
    const p = readPaste('Name,Type,Value,TTL\nwww.bücher.example,A,192.0.2.1,1 Hour\n', 'Bücher.example');
    expect(p.kind).toBe('table');
    expect(p.records).toEqual([{ type: 'A', name: 'www', ttl: 3600, content: '192.0.2.1' }]);
  });

  it('without a valid zone, a table gives its header and no records yet', () => {
    for (const zone of [undefined, '', 'not a zone']) {
      const p = readPaste('Type\tName\tValue\nA\t@\t192.0.2.1\n', zone);
      expect(p).toEqual({
        kind: 'table',
        origin: null,
        header: { line: 1, columns: ['type', 'name', 'value'], separator: 'tab' },
        records: [],
        lines: [],
        issues: [],
        notes: [],
      });
    }
  });
});
