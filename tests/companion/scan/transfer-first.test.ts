import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DnsRecord, ScanEvent } from '@dnsferry/shared';
import { transferFirst, type TransferFirstDeps } from '@dnsferry/companion/scan/transfer-first';
import { startNamed, type RunningNamed } from '../../support/dns/named';

const ZONE_TEXT = readFileSync(fileURLToPath(new URL('../../support/dns/dnsferry.test.zone', import.meta.url)), 'utf8');
const LIMITS = { maxRecords: 10_000, idleMs: 10_000, maxBytes: 1024 ** 3, deadlineMs: 120_000 };

let named: RunningNamed;
beforeAll(async () => {
  named = await startNamed([
    { name: 'dnsferry.test', text: ZONE_TEXT, allowTransfer: 'any' },
    { name: 'closed.test', text: ZONE_TEXT.replaceAll('dnsferry.test', 'closed.test'), allowTransfer: 'none' },
  ]);
});
afterAll(async () => {
  await named?.stop();
});

async function run(zone: string, nameServers: string[], deps: TransferFirstDeps) {
  const events: ScanEvent[] = [];
  const gen = transferFirst(zone, nameServers, deps, new AbortController().signal);
  for (;;) {
    const step = await gen.next();
    if (step.done) return { events, records: step.value };
    events.push(step.value);
  }
}

const noLookup = async () => [] as string[];
const text = (e: ScanEvent | undefined) => (e && 'message' in e ? e.message : '');

describe('transferFirst', () => {
  it('takes the whole zone from a server that allows it, names no list holds included', async () => {
    const { events, records } = await run('dnsferry.test', ['ns1.dnsferry.test'], {
      lookup: noLookup,
      override: { host: '127.0.0.1', port: named.port },
      limits: LIMITS,
    });
    const names = new Set((records ?? []).map((r: DnsRecord) => r.name));
    // names a scan cannot guess (tests/support/dns/expected-zone.ts lists them as unreachable)
    expect(names.has('hidden-host')).toBe(true);
    expect(names.has('deep.private')).toBe(true);
    expect((records ?? []).some((r) => r.type === 'SOA' || (r.type === 'NS' && r.name === '@'))).toBe(false);
    expect(events.map(text)).toContainEqual(expect.stringMatching(/allowed a zone transfer: the whole zone, nothing guessed/));
  });

  it('says plainly who refused and why, then leaves the scan to guess', async () => {
    const { events, records } = await run('closed.test', ['ns1.closed.test'], {
      lookup: noLookup,
      override: { host: '127.0.0.1', port: named.port },
      limits: LIMITS,
    });
    expect(records).toBeNull();
    expect(text(events.at(-1))).toMatch(
      /^No zone transfer: 127\.0\.0\.1:\d+: 127\.0\.0\.1:\d+ refused the transfer of closed\.test \(REFUSED: .*\)\. Finding closed\.test's names by asking instead/,
    );
  });

  it('names a name server whose address cannot be found', async () => {
    const { events, records } = await run('closed.test', ['ns1.nowhere.example', 'ns2.nowhere.example'], {
      lookup: noLookup,
      override: null,
      limits: LIMITS,
    });
    expect(records).toBeNull();
    expect(text(events.at(-1))).toMatch(
      /^No zone transfer: ns1\.nowhere\.example: no address found; ns2\.nowhere\.example: no address found\./,
    );
  });
});
