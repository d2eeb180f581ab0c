import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScanEventSchema, type ScanEvent } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { dohEndpoints } from '../../support/dns/endpoints';
import { DNSFERRY_TEST_RECORDS } from '../../support/dns/expected-zone';
import { startNamed, type RunningNamed } from '../../support/dns/named';

const ZONE_TEXT = readFileSync(fileURLToPath(new URL('../../support/dns/dnsferry.test.zone', import.meta.url)), 'utf8');
const parseLines = (payload: string): ScanEvent[] =>
  payload
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => ScanEventSchema.parse(JSON.parse(l)));
const text = (e: ScanEvent) => ('message' in e ? e.message : '');

let named: RunningNamed;
let app: ReturnType<typeof buildApp>;
beforeAll(async () => {
  // named serves the scan's test zone open to transfers, and café.test closed
  named = await startNamed([
    { name: 'dnsferry.test', text: ZONE_TEXT, allowTransfer: 'any' },
    {
      name: 'xn--caf-dma.test',
      text: readFileSync(fileURLToPath(new URL('../../support/dns/xn--caf-dma.test.zone', import.meta.url)), 'utf8'),
      allowTransfer: 'none',
    },
  ]);
  app = buildApp({ ...DEFAULTS, logLevel: 'silent', dohUrl: dohEndpoints().httpsUrl, transferNs: { host: '127.0.0.1', port: named.port } });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await named?.stop();
});

describe('POST /api/dns/scan with transfer', () => {
  it('takes the whole zone when its name server allows a transfer: names no list holds are found too', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain: 'dnsferry.test', transfer: true } });
    const events = parseLines(res.payload);
    const done = events.at(-1);
    if (done?.type !== 'done') throw new Error('no done');
    const names = new Set(done.records.map((r) => r.name));
    expect(names.has('hidden-host')).toBe(true); // a guessing scan cannot find it
    expect(done.total).toBeGreaterThan(DNSFERRY_TEST_RECORDS.length);
    expect(events.map(text)).toContainEqual(expect.stringMatching(/allowed a zone transfer: the whole zone, nothing guessed/));
  });

  it('says plainly that the transfer was refused, then scans as usual', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain: 'xn--caf-dma.test', transfer: true } });
    const events = parseLines(res.payload);
    expect(events.map(text)).toContainEqual(
      expect.stringMatching(/^No zone transfer: .*REFUSED.*Finding xn--caf-dma\.test's names by asking instead/),
    );
    const done = events.at(-1);
    expect(done).toMatchObject({ type: 'done' });
    expect(done?.type === 'done' && done.total).toBeGreaterThan(0);
  });

  it('without transfer, asks no server for one', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain: 'dnsferry.test' } });
    const events = parseLines(res.payload);
    expect(events.map(text).some((m) => /zone transfer/.test(m))).toBe(false);
  });
});
