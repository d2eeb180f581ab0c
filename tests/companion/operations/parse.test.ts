import { describe, expect, it } from 'vitest';
import { MigrateRequestSchema, UndoRequestSchema } from '@dnsferry/shared';
import { FairShare } from '@dnsferry/companion/flow/fair-share';
import { parseBody, parseBodySliced } from '@dnsferry/companion/operations/parse';
import { AppError } from '@dnsferry/companion/errors';

const records = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: '192.0.2.1', ttl: 300 }));
const migrateBody = (zones: unknown[]) => ({ targetToken: 't'.repeat(40), targetAccountId: 'a'.repeat(32), zones });
const undoEntry = (i: number) => ({ id: `id${i}`, record: { type: 'A', name: `h${i}`, content: '192.0.2.1', ttl: 300 } });
const undoBody = (created: unknown[]) => ({
  targetToken: 't'.repeat(40),
  targetAccountId: 'a'.repeat(32),
  zones: [
    { name: 'example.com', undo: { version: 1, zone: 'example.com', zoneId: 'z1', zoneCreated: false, created, removed: [], updated: [] } },
  ],
});
/** The error a parse throws, as the client sees it. */
const refusal = async (parse: () => unknown) => {
  try {
    await parse();
  } catch (err) {
    expect(err).toBeInstanceOf(AppError);
    return { message: (err as AppError).message, field: (err as AppError).field };
  }
  throw new Error('the body was accepted');
};
const share = () => new FairShare(1e9).slice('a');

describe('parseBodySliced', () => {
  it('gives the same result as parsing at once, long arrays checked on their own', async () => {
    for (const [schema, body] of [
      [
        MigrateRequestSchema,
        migrateBody([
          { name: 'example.com', records: records(1000) },
          { name: 'example.org', records: records(3) },
        ]),
      ],
      [UndoRequestSchema, undoBody(Array.from({ length: 1000 }, (_, i) => undoEntry(i)))],
    ] as const) {
      const atOnce = parseBody(schema, structuredClone(body));
      expect(await parseBodySliced(schema, structuredClone(body), share())).toEqual(atOnce);
    }
  });

  it('names the field of a bad element of a long array, as parsing at once does', async () => {
    const bad = records(1000);
    bad[700] = { ...bad[700]!, type: 'X'.repeat(30) };
    const body = migrateBody([{ name: 'example.com', records: bad }]);
    const sliced = await refusal(() => parseBodySliced(MigrateRequestSchema, structuredClone(body), share()));
    expect(sliced).toEqual(await refusal(() => parseBody(MigrateRequestSchema, structuredClone(body))));
    expect(sliced.field).toBe('zones.0.records.700.type');

    const entries = Array.from({ length: 1000 }, (_, i) => undoEntry(i));
    entries[999] = { id: '', record: entries[999]!.record };
    expect((await refusal(() => parseBodySliced(UndoRequestSchema, undoBody(entries), share()))).field).toBe('zones.0.undo.created.999.id');
  });

  it('still applies the rules above a long array', async () => {
    const both = migrateBody([{ name: 'example.com', records: records(1000), zoneFile: '@ A 192.0.2.1' }]);
    expect(await refusal(() => parseBodySliced(MigrateRequestSchema, both, share()))).toEqual(
      await refusal(() =>
        parseBody(MigrateRequestSchema, migrateBody([{ name: 'example.com', records: records(1000), zoneFile: '@ A 192.0.2.1' }])),
      ),
    );
    expect(await refusal(() => parseBodySliced(MigrateRequestSchema, migrateBody([]), share()))).toMatchObject({ field: 'zones' });
  });

  it('gives way while it checks a long array: other callers are served before it ends', async () => {
    const slice = new FairShare(0).slice('a');
    let turns = 0;
    let running = true;
    const otherCaller = () =>
      setImmediate(() => {
        turns++;
        if (running) otherCaller();
      });
    otherCaller();
    const parsed = await parseBodySliced(MigrateRequestSchema, migrateBody([{ name: 'example.com', records: records(5000) }]), slice);
    const turnsBeforeEnd = turns;
    running = false;
    expect(parsed.zones[0]?.records).toHaveLength(5000);
    expect(turnsBeforeEnd).toBeGreaterThan(10);
  });

  it("checks a zone's from.records on their own too, giving way, with the same result and the same field named", async () => {
    const body = migrateBody([{ name: 'example.com', from: { kind: 'records', records: records(5000) } }]);
    const slice = new FairShare(0).slice('a');
    let turns = 0;
    let running = true;
    const otherCaller = () =>
      setImmediate(() => {
        turns++;
        if (running) otherCaller();
      });
    otherCaller();
    const parsed = await parseBodySliced(MigrateRequestSchema, structuredClone(body), slice);
    const turnsBeforeEnd = turns;
    running = false;
    expect(parsed).toEqual(parseBody(MigrateRequestSchema, structuredClone(body)));
    expect(turnsBeforeEnd).toBeGreaterThan(10);

    const bad = records(1000);
    bad[700] = { ...bad[700]!, type: 'X'.repeat(30) };
    const badBody = migrateBody([{ name: 'example.com', from: { kind: 'records', records: bad } }]);
    const sliced = await refusal(() => parseBodySliced(MigrateRequestSchema, structuredClone(badBody), share()));
    expect(sliced).toEqual(await refusal(() => parseBody(MigrateRequestSchema, structuredClone(badBody))));
    expect(sliced.field).toBe('zones.0.from.records.700.type');
  });
});
