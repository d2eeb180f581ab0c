import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseZoneFile } from '@dnsferry/shared';
import { useStack, zoneComplete } from '../../support/stack';
import { recordSecrets } from '../../support/leak-watch';
import { startNamed, type RunningNamed } from '../../support/dns/named';

const ZONE_TEXT = readFileSync(fileURLToPath(new URL('../../support/dns/dnsferry.test.zone', import.meta.url)), 'utf8');
const KEY = { name: 'transfer-key', algorithm: 'hmac-sha256', secret: Buffer.alloc(32, 11).toString('base64') };

let named: RunningNamed;
beforeAll(async () => {
  named = await startNamed(
    [
      { name: 'dnsferry.test', text: ZONE_TEXT, allowTransfer: { key: KEY.name } },
      { name: 'closed.test', text: ZONE_TEXT.replaceAll('dnsferry.test', 'closed.test'), allowTransfer: 'none' },
    ],
    [KEY],
  );
  recordSecrets(KEY.secret);
});
afterAll(async () => {
  await named?.stop();
});
const stack = useStack();

describe('POST /api/migrate with zones[].axfr', () => {
  it('migrates the zone a TSIG-signed transfer gives, as the zone file would have', async () => {
    const axfr = { server: '127.0.0.1', port: named.port, tsig: KEY };
    const { status, events } = await stack().migrate({ zones: [{ name: 'dnsferry.test', axfr }] });
    expect(status).toBe(200);
    expect(events.map((e) => ('message' in e ? e.message : ''))).toContain(`Asking 127.0.0.1 for a zone transfer`);
    const viaFile = await stack().migrate({ zones: [{ name: 'dnsferry.test', zoneFile: ZONE_TEXT }] });
    // the same records: a second run from the zone file finds every one already there
    const file = parseZoneFile(ZONE_TEXT, 'dnsferry.test');
    const fromFile = zoneComplete(viaFile.events, 'dnsferry.test');
    const first = zoneComplete(events, 'dnsferry.test');
    expect(fromFile.created).toBe(0);
    expect(first.created).toBeGreaterThan(40);
    // the same failures both ways (what the target cannot hold), and the file's SOA, which the
    // transfer names as its version instead of a record
    const failures = (all: typeof events) =>
      all.filter((e) => e.type === 'error').map((e) => ('message' in e ? e.message.replace(/^\[\d+\/\d+\] /, '') : ''));
    expect(failures(events)).toEqual(failures(viaFile.events));
    expect(first.created + first.skipped + first.failed).toBe(file.records.length - 1);
  });

  it('fails only that zone, plainly, when the server refuses the transfer; the request goes on', async () => {
    const { status, events } = await stack().migrate({
      zones: [
        { name: 'closed.test', axfr: { server: '127.0.0.1', port: named.port } },
        { name: 'other.test', records: [{ type: 'A', name: '@', content: '192.0.2.1', ttl: 300 }] },
      ],
    });
    expect(status).toBe(200);
    const errors = events.filter((e) => e.type === 'error').map((e) => ('message' in e ? e.message : ''));
    expect(errors).toEqual([expect.stringMatching(/^Zone failed: 127\.0\.0\.1:\d+ refused the transfer of closed\.test \(REFUSED/)]);
    expect(zoneComplete(events, 'other.test')).toMatchObject({ created: 1, failed: 0 });
  });

  it('names what is wrong in an axfr source before doing anything, never echoing the secret', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ server: 'not a host!' }, 'zones.0.axfr.server', /neither a host name nor an IP address/],
      [{ server: '127.0.0.1', port: 70000 }, 'zones.0.axfr.port', /1–65535/],
      [{ server: '127.0.0.1', tsig: { ...KEY, algorithm: 'hmac-md5' } }, 'zones.0.axfr.tsig.algorithm', /hmac-sha256/],
      [{ server: '127.0.0.1', tsig: { ...KEY, secret: `${KEY.secret}!` } }, 'zones.0.axfr.tsig.secret', /not base64/],
    ];
    for (const [axfr, field, message] of cases) {
      const res = await stack().migrate({ zones: [{ name: 'dnsferry.test', axfr }] });
      expect(res.status, field).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'invalid_request', field, message: expect.stringMatching(message) } });
    }
    const both = await stack().migrate({ zones: [{ name: 'dnsferry.test', zoneFile: '@ A 192.0.2.1', axfr: { server: '127.0.0.1' } }] });
    expect(both.body).toMatchObject({ error: { field: 'zones.0.zoneFile', message: expect.stringMatching(/one of them/) } });
    expect(stack().logs.join('\n')).not.toContain(KEY.secret);
  });
});
