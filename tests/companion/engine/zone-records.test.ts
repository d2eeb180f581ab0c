import { describe, expect, it } from 'vitest';
import { MemoryTarget } from '../support/memory-target';
import { runMigrate, zoneComplete } from '../support/engine-run';

/**
 * The records a zone carries in the request (a zone file, a records table), read and counted against
 * the request's limit (DNSFERRY_MAX_RECORDS) before anything is done at the target.
 */

const hosts = (n: number) => Array.from({ length: n }, (_, i) => `h${i} 300 A 192.0.2.${i + 1}`).join('\n');
const rows = (n: number) => ['Type,Name,Value,TTL', ...Array.from({ length: n }, (_, i) => `A,h${i},192.0.2.${i + 1},300`)].join('\n');
const heldZones = (t: MemoryTarget) => [...t.zones.keys()];

describe('zone files within DNSFERRY_MAX_RECORDS', () => {
  it('a 37-byte $GENERATE cannot carry past the limit: the zone fails before anything is written, the request goes on', async () => {
    const target = new MemoryTarget();
    const generate = '$GENERATE 1-100000 h$ A 192.0.2.1';
    const zones = Array.from({ length: 60 }, (_, i) => ({ name: `gen${i}.example`, zoneFile: generate }));
    const events = await runMigrate(
      target,
      { zones: [{ name: 'small.example', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] }, ...zones] },
      { maxRecords: 1000 },
    );
    const failed = events.filter((e) => e.type === 'error' && e.zone === 'gen0.example');
    expect(failed[0] && 'message' in failed[0] ? failed[0].message : '').toBe(
      'Zone failed: the zone file gives more records than this request may still carry (at most 1000 records per request, DNSFERRY_MAX_RECORDS; 999 were left for it): reading stopped at line 1, nothing is written for this zone',
    );
    expect(zoneComplete(events, 'small.example')).toMatchObject({ created: 1 });
    // the first file took the 999 left; each later one is refused at once
    expect(zoneComplete(events, 'gen59.example')).toMatchObject({ created: 0, failed: 0 });
    expect(heldZones(target)).toEqual(['small.example']);
    expect(target.lines('small.example')).toHaveLength(1);
  });

  it('files that fit together land, and the one that passes the limit fails alone', async () => {
    const target = new MemoryTarget();
    const events = await runMigrate(
      target,
      {
        zones: [
          { name: 'one.example', zoneFile: hosts(20) },
          { name: 'two.example', zoneFile: hosts(10) },
          { name: 'three.example', zoneFile: hosts(1) },
        ],
      },
      { maxRecords: 30 },
    );
    expect(zoneComplete(events, 'one.example')).toMatchObject({ created: 20 });
    expect(zoneComplete(events, 'two.example')).toMatchObject({ created: 10 });
    expect(events.some((e) => e.type === 'error' && e.zone === 'three.example' && /0 were left for it/.test(e.message))).toBe(true);
    expect(heldZones(target)).toEqual(['one.example', 'two.example']);
  });
});

describe('records tables within DNSFERRY_MAX_RECORDS', () => {
  it('counts the rows: a table past what is left fails its zone before anything is written', async () => {
    const target = new MemoryTarget();
    const events = await runMigrate(
      target,
      {
        zones: [
          { name: 'fits.example', table: rows(6) },
          { name: 'over.example', table: rows(6) },
        ],
      },
      { maxRecords: 10 },
    );
    expect(zoneComplete(events, 'fits.example')).toMatchObject({ created: 6 });
    const failed = events.find((e) => e.type === 'error' && e.zone === 'over.example');
    expect(failed && 'message' in failed ? failed.message : '').toBe(
      'Zone failed: the table gives more records than this request may still carry (at most 10 records per request, DNSFERRY_MAX_RECORDS; 4 were left for it): reading stopped at line 6, nothing is written for this zone',
    );
    expect(heldZones(target)).toEqual(['fits.example']);
  });
});

describe('what a zone carries, read', () => {
  it('fails a table zone, naming what to fix, when the text has no header row', async () => {
    const events = await runMigrate(new MemoryTarget(), { zones: [{ name: 'example.com', table: 'A\t@\t192.0.2.1\t300\n' }] });
    expect(zoneComplete(events, 'example.com')).toMatchObject({ created: 0, failed: 1 });
    const error = events.find((e) => e.type === 'error');
    expect(error && 'message' in error ? error.message : '').toMatch(/^\[1\/1\] row 1 ✗ no header row naming the columns/);
  });

  it('skips the DNSSEC records of a signed zone file showing each as the file writes it', async () => {
    const rrsig = 'A 13 2 300 20261201000000 20261101000000 12345 signed.example. oJB1W6WNGv+ldvQ3WDG0MQkg5IEhjRip8WTr';
    const nsec = 'www.signed.example. A RRSIG NSEC';
    const file = `$TTL 300\n@ A 192.0.2.1\n@ RRSIG ${rrsig}\n@ NSEC ${nsec}\n`;
    const events = await runMigrate(new MemoryTarget(), { zones: [{ name: 'signed.example', zoneFile: file }] });
    expect(zoneComplete(events, 'signed.example')).toMatchObject({ created: 1, skipped: 2 });
    const skips = events.filter((e) => e.type === 'skip').map((e) => ('record' in e ? e.record : undefined));
    expect(skips).toEqual([
      expect.objectContaining({ type: 'RRSIG', name: '@', content: rrsig }),
      expect.objectContaining({ type: 'NSEC', name: '@', content: nsec }),
    ]);
  });
});
