import { describe, expect, it } from 'vitest';
import { headingStarts, splitAtColumns, splitCells } from '../../../shared/src/table/cells';

describe('splitCells', () => {
  it('splits at tabs, keeping empty cells and trimming each', () => {
    expect(splitCells('A\t@\t 192.0.2.1 \t\t', 'tab')).toEqual(['A', '@', '192.0.2.1', '', '']);
  });

  it('splits at runs of two or more spaces; one space stays inside a cell', () => {
    expect(splitCells('  TXT   @     v=spf1 -all   3600', 'spaces')).toEqual(['TXT', '@', 'v=spf1 -all', '3600']);
  });

  it('gives the last column the rest of the line', () => {
    expect(splitCells('TXT\t@\ta\tb', 'tab', 3)).toEqual(['TXT', '@', 'a\tb']);
    expect(splitCells('TXT  @  v=spf1  -all', 'spaces', 3)).toEqual(['TXT', '@', 'v=spf1  -all']);
  });

  it('reads CSV as RFC 4180 writes it: quoted cells with commas and doubled quotes', () => {
    expect(splitCells('TXT,@,"v=spf1 a, mx -all",3600', 'comma')).toEqual(['TXT', '@', 'v=spf1 a, mx -all', '3600']);
    expect(splitCells('TXT,@,"say ""hi""" ,60', 'comma')).toEqual(['TXT', '@', 'say "hi"', '60']);
    expect(splitCells('CAA , @ , 0 issue "ca.example" , 60', 'comma')).toEqual(['CAA', '@', '0 issue "ca.example"', '60']);
    expect(splitCells('A,,192.0.2.1,', 'comma')).toEqual(['A', '', '192.0.2.1', '']);
  });

  it('says when a quoted CSV cell goes on past the line', () => {
    expect(splitCells('TXT,@,"line one', 'comma')).toBeNull();
    expect(splitCells('TXT,@,"line one\nline two",60', 'comma')).toEqual(['TXT', '@', 'line one\nline two', '60']);
  });
});

describe('splitAtColumns', () => {
  const header = 'Type   Name    Value          TTL';
  it('cuts an aligned row at the header positions, an empty cell kept', () => {
    expect(headingStarts(header)).toEqual([0, 7, 15, 30]);
    expect(splitAtColumns('A              192.0.2.1      3600', headingStarts(header))).toEqual(['A', '', '192.0.2.1', '3600']);
  });

  it('refuses a row whose words cross the header positions', () => {
    expect(splitAtColumns('A  www.example.com  192.0.2.1 3600', headingStarts(header))).toBeNull();
  });
});
