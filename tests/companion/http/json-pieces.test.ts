import { describe, expect, it } from 'vitest';
import { holdsLongArray, jsonPieces } from '@dnsferry/companion/http/json-pieces';

/** A zone's last event after `n` records were written: the undo data lists each of them. */
function zoneComplete(n: number) {
  const created = Array.from({ length: n }, (_, i) => ({
    id: i.toString(16).padStart(32, '0'),
    record: { type: 'A', name: `h${i}`, content: `10.0.${i >> 8}.${i & 255}`, ttl: 300 },
    createdOn: '2026-12-02T06:00:00.000Z',
  }));
  return {
    type: 'zone-complete',
    zone: 'example.com',
    result: {
      created: n,
      updated: 0,
      skipped: 0,
      failed: 0,
      removed: 0,
      nameServers: ['a.ns.example', 'b.ns.example'],
      undo: { version: 1, zone: 'example.com', zoneId: 'z1', zoneCreated: true, created, removed: [], updated: [] },
    },
  };
}

describe('JSON in pieces', () => {
  it('writes what JSON.stringify writes, character for character', () => {
    const values: unknown[] = [
      zoneComplete(3),
      zoneComplete(1300),
      // what JSON.stringify leaves out or turns to null, around and inside a long array
      {
        a: undefined,
        f: () => 1,
        s: Symbol('s'),
        when: new Date(Date.UTC(2026, 11, 2)),
        list: [...Array.from({ length: 600 }, (_, i) => i), undefined, () => 2, 'é\u2028"\\', null, { toJSON: () => 'own' }],
        nested: { deeper: { long: Array.from({ length: 513 }, (_, i) => ({ i })) }, empty: [] },
        2: 'integer keys first',
      },
      Array.from({ length: 1025 }, (_, i) => [i]),
      { k: new Array(700) },
    ];
    for (const value of values) expect([...jsonPieces(value)].join('')).toBe(JSON.stringify(value));
  });

  it('cuts a long array into slices, none of them the whole', () => {
    const event = zoneComplete(5000);
    const pieces = [...jsonPieces(event)];
    const whole = JSON.stringify(event).length;
    expect(pieces.length).toBeGreaterThanOrEqual(10); // 5,000 entries, 512 a slice
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(whole / 5);
  });

  it('finds the long arrays a zone-complete carries, and none in a record event', () => {
    expect(holdsLongArray(zoneComplete(512))).toBe(true);
    expect(holdsLongArray(zoneComplete(511))).toBe(false);
    const record = {
      type: 'record',
      zone: 'example.com',
      index: 1,
      total: 1,
      record: { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 },
      message: '[1/1] A www → 192.0.2.1',
      change: 'create',
      undo: { created: [{ id: 'r1', record: { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 } }] },
    };
    expect(holdsLongArray(record)).toBe(false);
    // a long array of a class instance's is not looked into: JSON.stringify writes it whole
    expect(
      holdsLongArray({
        v: new (class {
          list = new Array(600).fill(1);
        })(),
      }),
    ).toBe(false);
  });
});
