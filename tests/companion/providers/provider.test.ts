import { describe, expect, it } from 'vitest';
import type { FromOf } from '@dnsferry/shared';
import type { Source } from '@dnsferry/companion/engine/ports';
import { perAccount } from '@dnsferry/companion/providers/provider';

const signal = new AbortController().signal;
type Route53From = FromOf<'route53'>;
const keys = (accessKeyId: string) => ({ accessKeyId, secretAccessKey: 'secret' });

describe('perAccount', () => {
  it('opens one reader per account the zones name, on the first zone that names it, and reads each zone with its own', async () => {
    const opened: string[] = [];
    const source = perAccount<Route53From>(
      (from) => JSON.stringify(from.credentials),
      (from): Source<Route53From> => {
        opened.push(from.credentials.accessKeyId);
        return { readZone: async (zone) => ({ records: [], problems: [], notes: [`${zone.name} by ${from.credentials.accessKeyId}`] }) };
      },
    );
    const read = (name: string, accessKeyId: string, hostedZoneId?: string) =>
      source.readZone(
        { name, from: { kind: 'route53', credentials: keys(accessKeyId), ...(hostedZoneId ? { hostedZoneId } : {}) } },
        { signal },
      );
    expect(opened).toEqual([]);
    const notes = [
      ...(await read('a.example', 'AKIAONE00000000000')).notes,
      ...(await read('b.example', 'AKIAONE00000000000', 'Z123')).notes,
      ...(await read('c.example', 'AKIATWO00000000000')).notes,
    ];
    expect(opened).toEqual(['AKIAONE00000000000', 'AKIATWO00000000000']);
    expect(notes).toEqual(['a.example by AKIAONE00000000000', 'b.example by AKIAONE00000000000', 'c.example by AKIATWO00000000000']);
  });
});
