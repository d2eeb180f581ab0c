import { describe, expect, it } from 'vitest';
import { looksLikeTable, parseRecordsTable, tableHeader } from '@dnsferry/shared';

const ZONE = 'example.com';
const A = (name: string, content: string, ttl: number) => ({ type: 'A', name, ttl, content });

describe('parseRecordsTable: separators', () => {
  const expected = [
    A('@', '192.0.2.1', 300),
    { type: 'TXT', name: '@', ttl: 3600, content: 'v=spf1 a, mx -all' },
    A('www', '192.0.2.2', 1),
  ];

  it('reads tab-separated cells (a table copied from a browser)', () => {
    const t = 'Type\tName\tValue\tTTL\nA\t@\t192.0.2.1\t300\nTXT\t@\tv=spf1 a, mx -all\t1 Hour\nA\twww\t192.0.2.2\tAuto\n';
    const p = parseRecordsTable(t, ZONE);
    expect(p.header).toEqual({ line: 1, columns: ['type', 'name', 'value', 'ttl'], separator: 'tab' });
    expect(p.records).toEqual(expected);
    expect(p.lines).toEqual([2, 3, 4]);
    expect(p.issues).toEqual([]);
  });

  it('reads comma-separated cells with quoted ones (a spreadsheet export)', () => {
    const t = 'Type,Name,Value,TTL\r\nA,@,192.0.2.1,300\r\nTXT,@,"v=spf1 a, mx -all",1 Hour\r\nA,www,192.0.2.2,Auto\r\n';
    const p = parseRecordsTable(t, ZONE);
    expect(p.header?.separator).toBe('comma');
    expect(p.records).toEqual(expected);
  });

  it('reads cells separated by runs of spaces (an aligned text), an empty cell kept by its position', () => {
    const t = [
      'Type   Name   Value                TTL',
      'A      @      192.0.2.1            300',
      'TXT    @      v=spf1 a, mx -all    1 Hour',
      'A      www    192.0.2.2',
    ].join('\n');
    const p = parseRecordsTable(t, ZONE);
    expect(p.header?.separator).toBe('spaces');
    expect(p.records).toEqual(expected);
    const blankName = parseRecordsTable('Type   Name   Value        TTL\nA             192.0.2.9    60\n', ZONE);
    expect(blankName.records).toEqual([A('@', '192.0.2.9', 60)]);
  });

  it('reads a quoted CSV cell across lines as one value', () => {
    const p = parseRecordsTable('type,name,value\nTXT,@,"first\nsecond"\nA,www,192.0.2.1\n', ZONE);
    expect(p.records.map((r) => r.content)).toEqual(['first\nsecond', '192.0.2.1']);
    expect(p.lines).toEqual([2, 4]);
  });
});

describe('parseRecordsTable: headers', () => {
  it('reads the columns in any order and case, under any of their names', () => {
    for (const header of ['TTL\tData\tHost\tType', 'ttl\tpoints to\thostname\trecord type', 'Ttl\tAnswer\tName\tTYPE'])
      expect(parseRecordsTable(`${header}\n300\t192.0.2.1\twww\tA\n`, ZONE).records).toEqual([A('www', '192.0.2.1', 300)]);
  });

  it('notes columns it does not read, a missing TTL column and the lines before the header', () => {
    const p = parseRecordsTable('DNS records\n\nType\tName\tValue\tActions\nA\twww\t192.0.2.1\tEdit\n', ZONE);
    expect(p.records).toEqual([A('www', '192.0.2.1', 1)]);
    expect(p.notes).toEqual([
      { line: 1, message: '"DNS records" is before the header row: not read' },
      { line: 3, message: 'columns not read: Actions' },
      { line: 3, message: 'no TTL column: the records get the automatic TTL' },
    ]);
  });

  it('reads each table of a page under its own header, and notes the titles between them', () => {
    const t = 'Type\tHost\tValue\tTTL\nA\t@\t192.0.2.1\t60\nMail\nHost\tType\tPriority\tValue\tTTL\n@\tMX\t10\tmx.example.net\t60\n';
    const p = parseRecordsTable(t, ZONE);
    expect(p.records).toEqual([A('@', '192.0.2.1', 60), { type: 'MX', name: '@', ttl: 60, content: 'mx.example.net', priority: 10 }]);
    expect(p.notes).toEqual([{ line: 3, message: '"Mail" is read as a title between tables: nothing is migrated from it' }]);
  });

  it('without a header row, reads nothing and says what the first line should be', () => {
    const p = parseRecordsTable('A\twww\t192.0.2.1\t300\n', ZONE);
    expect(p.header).toBeNull();
    expect(p.records).toEqual([]);
    expect(p.issues).toEqual([
      { row: 1, line: 1, text: 'A\twww\t192.0.2.1\t300', message: expect.stringMatching(/^no header row naming the columns/) as string },
    ]);
  });
});

describe('parseRecordsTable: bad rows', () => {
  it('makes every bad row an issue naming its row and line; the good rows still count', () => {
    const t =
      'Type\tName\tValue\tTTL\n\nA\twww\t192.0.2.1\t300\nA\tbad\t999.1.1.1\t300\nMX\t@\tmx.example.net\t300\nA\tok\t192.0.2.2\tsoon\nCNAME\tc\tx.example.net\t60\n';
    const p = parseRecordsTable(t, ZONE);
    expect(p.records.map((r) => r.name)).toEqual(['www', 'c']);
    expect(p.issues.map((i) => [i.row, i.line, i.text])).toEqual([
      [2, 4, 'A\tbad\t999.1.1.1\t300'],
      [3, 5, 'MX\t@\tmx.example.net\t300'],
      [4, 6, 'A\tok\t192.0.2.2\tsoon'],
    ]);
    expect(p.issues[1]?.message).toMatch(/needs its priority/);
    expect(p.issues[2]?.message).toBe('"soon" is not a TTL (seconds, or as "1 Hour", "30 min", "Automatic")');
  });

  it('says a row is short of cells when that is why it fails, and refuses a row with more cells than the header', () => {
    const p = parseRecordsTable('Type,Name,Value,TTL\nA,www\nA,www,192.0.2.1,300,extra\n', ZONE);
    expect(p.issues.map((i) => i.message)).toEqual([
      'the row has no value (the row has 2 cells, the header names 4 columns)',
      'the row has 5 cells and the header 4: is a cell split in two?',
    ]);
  });

  it('stops at the limit, saying where', () => {
    const rows = Array.from({ length: 10 }, (_, i) => `A\th${i}\t192.0.2.${i}\t60`);
    const p = parseRecordsTable(['Type\tName\tValue\tTTL', ...rows].join('\n'), ZONE, { limit: 4 });
    expect(p.records).toHaveLength(4);
    expect(p.stoppedAt).toBe(6);
    expect(parseRecordsTable(['Type\tName\tValue\tTTL', ...rows.slice(0, 4)].join('\n'), ZONE, { limit: 4 }).stoppedAt).toBeUndefined();
  });
});

describe('looksLikeTable', () => {
  it('tells a copied table from a zone file by its header row', () => {
    expect(looksLikeTable('Type\tName\tValue\tTTL\nA\t@\t192.0.2.1\t300')).toBe(true);
    expect(looksLikeTable('HOST RECORDS\nType\tHost\tValue\tTTL\n')).toBe(true);
    expect(looksLikeTable('$ORIGIN example.com.\n@ 3600 IN A 192.0.2.1\n')).toBe(false);
    expect(looksLikeTable('www 300 IN CNAME example.com.\n')).toBe(false);
    expect(looksLikeTable('')).toBe(false);
  });

  it('gives the header row as the reader reads it, without reading the rows', () => {
    expect(tableHeader('Records\n\nHost,Type,Data,TTL,Actions\nnot, a, row')).toEqual({
      line: 3,
      columns: ['name', 'type', 'value', 'ttl', null],
      separator: 'comma',
    });
    expect(tableHeader('@ 300 IN A 192.0.2.1')).toBeNull();
  });
});
