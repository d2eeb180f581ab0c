import { describe, expect, it } from 'vitest';
import { useStack } from '../../support/stack';

/**
 * `zones[].rrsets` over HTTP: a bad list is refused whole, naming the field. What the choices do is the
 * engine's: tests/companion/engine/migrate-choices.test.ts (a run) and plan-choices.test.ts (the cases).
 */
const stack = useStack();
const ZONE = 'onboarded.example';

describe('POST /api/migrate with rrsets', () => {
  it.each([
    [[{ name: 'www', type: 'A', action: 'swap' }], 'zones.0.rrsets.0.action', 'action is "keep", "replace" or "add"'],
    [[{ name: 'www', type: 'AX', action: 'keep' }], 'zones.0.rrsets.0.type', 'expected one of'],
    [
      [{ name: 'www.other.org.', type: 'A', action: 'keep' }],
      'zones.0.rrsets.0.name',
      'www.other.org. is outside the zone onboarded.example',
    ],
    [
      [
        { name: 'www', type: 'A', action: 'keep' },
        { name: 'WWW.onboarded.example', type: 'A', action: 'replace' },
      ],
      'zones.0.rrsets.1',
      'listed twice (also at rrsets.0)',
    ],
    [
      Array.from({ length: 10_001 }, (_, i) => ({ name: `h${i}`, type: 'A', action: 'keep' })),
      'zones.0.rrsets',
      'rrsets lists at most 10000 RRsets',
    ],
  ])('refuses a bad list with a 400 naming the field (%#)', async (rrsets, field, message) => {
    const res = await stack().migrate({ dryRun: true, zones: [{ name: ZONE, records: [], rrsets }] });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, error: { code: 'invalid_request', field } });
    expect((res.body as { error: { message: string } }).error.message).toContain(message);
  });
});
