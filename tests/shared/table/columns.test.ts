import { describe, expect, it } from 'vitest';
import { columnOf, readHeader } from '../../../shared/src/table/columns';

describe('columnOf', () => {
  it('reads every heading the dashboards use, in any case', () => {
    const read = (h: string) => columnOf(h);
    for (const h of ['Type', 'TYPE', 'Record type']) expect(read(h)).toBe('type');
    for (const h of ['Name', 'Host', 'Hostname', 'HOST NAME', 'host_name']) expect(read(h)).toBe('name');
    for (const h of ['Value', 'Content', 'Data', 'Points to', 'POINTS  TO', 'Target', 'Answer', 'Address', 'Record'])
      expect(read(h)).toBe('value');
    for (const h of ['TTL', 'ttl:', 'Time to live']) expect(read(h)).toBe('ttl');
    expect([read('Priority'), read('Weight'), read('Port'), read('Proxy status')]).toEqual(['priority', 'weight', 'port', 'proxy']);
    expect(read('Actions')).toBeNull();
  });
});

describe('readHeader', () => {
  it('decides the separator from the header row: tabs, then commas, then runs of spaces', () => {
    expect(readHeader('Type\tName\tValue\tTTL')?.separator).toBe('tab');
    expect(readHeader('type,host,points to,ttl')?.separator).toBe('comma');
    expect(readHeader('Type    Host    Points to    TTL')?.separator).toBe('spaces');
  });

  it('gives the columns in their order, and the headings it does not read', () => {
    const h = readHeader('HOST\tTYPE\tPRIORITY\tTTL\tDATA\tActions');
    expect(h?.columns).toEqual(['name', 'type', 'priority', 'ttl', 'value', null]);
    expect(h?.ignored).toEqual(['Actions']);
  });

  it('is no header without type, name and value, or with a column named twice', () => {
    expect(readHeader('Type\tName\tTTL')).toBeNull();
    expect(readHeader('Type\tHost\tName\tValue')).toBeNull();
    expect(readHeader('A\twww\t192.0.2.1\t3600')).toBeNull();
    expect(readHeader('Type Name Value TTL')).toBeNull(); // one space is inside a heading, not between two
  });
});
