import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ScanEvent } from '@dnsferry/shared';
import { scanDomain } from '@dnsferry/companion/scan/scanner';
import { SRV_SERVICES } from '@dnsferry/companion/scan/name-lists';
import { dohEndpoints } from '../../support/dns/endpoints';
import { DNSFERRY_TEST_RECORDS } from '../../support/dns/expected-zone';
import { questionName, startStubResolver, type StubResolver } from '../../support/dns/stub-resolvers';

const TYPE_NAMES: Record<number, string> = { 1: 'A', 2: 'NS', 5: 'CNAME', 16: 'TXT', 28: 'AAAA', 33: 'SRV' };

/** `name TYPE` of a query: the type is the two bytes after the question name. */
function question(query: Buffer): string {
  let i = 12;
  while (query[i]! > 0) i += query[i]! + 1;
  const type = query.readUInt16BE(i + 1);
  return `${questionName(query)} ${TYPE_NAMES[type] ?? type}`;
}

/** Forwards every query to `upstream` and notes the questions in the order they arrive. */
async function recordingResolver(upstream: string) {
  const asked: string[] = [];
  const stub = await startStubResolver(async (query, _req, res) => {
    asked.push(question(query));
    const up = await fetch(`${upstream}?dns=${query.toString('base64url')}`, { headers: { accept: 'application/dns-message' } });
    res.writeHead(up.status, { 'content-type': 'application/dns-message' });
    res.end(Buffer.from(await up.arrayBuffer()));
  });
  return { stub, asked };
}

let stub: StubResolver | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('questions raised by answers are asked at once, not after the lists', () => {
  let asked: string[];
  let done: Extract<ScanEvent, { type: 'done' }> | undefined;
  beforeAll(async () => {
    const recording = await recordingResolver(dohEndpoints().httpUrl);
    stub = recording.stub;
    // one at a time, so the order of arrival is the order the scan chose
    for await (const e of scanDomain(
      { domain: 'dnsferry.test', dohUrl: stub.url },
      { signal: new AbortController().signal, concurrency: 1 },
    )) {
      if (e.type === 'done') done = e;
    }
    asked = recording.asked;
    await stub.close();
    stub = undefined;
  });
  const at = (q: string) => {
    const i = asked.indexOf(q);
    expect(i, q).toBeGreaterThanOrEqual(0);
    return i;
  };
  const firstService = () => at(`${SRV_SERVICES[0]}.dnsferry.test SRV`);

  it('follows a chain of SPF includes (apex → _spf → _spf2) before the listed service names are asked', () => {
    expect(at('_spf.dnsferry.test TXT')).toBeLessThan(at('_spf2.dnsferry.test TXT'));
    expect(at('_spf2.dnsferry.test TXT')).toBeLessThan(firstService());
  });

  it('asks for a mail server named by the apex MX ahead of its place in the common names', () => {
    expect(at('mail.dnsferry.test A')).toBeLessThan(at('www.dnsferry.test A'));
  });

  it('checks a common name that exists for a delegation as soon as its probes are in, before the lists end', () => {
    expect(at('api.dnsferry.test AAAA')).toBeLessThan(at('api.dnsferry.test NS'));
    expect(at('api.dnsferry.test NS')).toBeLessThan(firstService());
    expect(at('intranet.dnsferry.test NS')).toBeLessThan(firstService());
  });

  it('asks each question once and still finds every record', () => {
    expect(new Set(asked).size).toBe(asked.length);
    expect(done?.total).toBe(DNSFERRY_TEST_RECORDS.length);
  });
});
