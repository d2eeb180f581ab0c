import { createSocket, type Socket } from 'node:dgram';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CutoverEvent } from '@dnsferry/shared';
import { cutoverCheck } from '@dnsferry/companion/cutover/check';
import { DirectDnsClient } from '@dnsferry/companion/dns/direct-client';
import { sharedAbort } from '@dnsferry/companion/flow/shared-abort';
import type { CutoverTarget, TargetZone } from '@dnsferry/companion/engine/ports';
import { CLOUDFLARE_RULES } from '@dnsferry/companion/providers/cloudflare/capabilities';
import type { DohClient } from '@dnsferry/companion/dns/doh-client';

/** The check's own flow with stand-ins: a target that holds one zone, a resolver with nothing, a name server that never answers. */
const ZONE: TargetZone = {
  id: 'z1',
  name: 'example.com',
  status: 'pending',
  nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
  created: false,
};
const notUsed = () => {
  throw new Error('the check never writes records');
};
const target: CutoverTarget = {
  rules: CLOUDFLARE_RULES,
  findOrCreateZone: notUsed,
  applyChanges: notUsed,
  deleteZone: notUsed,
  listRecords: async () => [],
  lookupZone: async (name) => (name === ZONE.name ? ZONE : null),
  zoneStatus: async () => 'pending',
  requestActivationCheck: notUsed,
  dnssec: async () => ({ status: 'disabled', ds: null }),
};
const doh: DohClient = {
  query: async () => ({ rcode: 'NOERROR', authoritative: false, answers: [], authorities: [], additionals: [] }),
  sent: 0,
  protocol: 'none',
  close: () => undefined,
};

let silent: Socket;
let received = 0;
let dns: DirectDnsClient;
beforeEach(async () => {
  received = 0;
  silent = createSocket('udp4');
  silent.on('message', () => received++);
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  dns = new DirectDnsClient({ timeoutMs: 20_000, retries: 0 });
});
afterEach(() => {
  dns.close();
  silent.close();
});

const records = Array.from({ length: 300 }, (_, i) => ({ type: 'A', name: `h${i}`, content: '192.0.2.1', ttl: 300 }));

describe('cutoverCheck', () => {
  it('stops at once when the client goes away: no more queries, no report, no done', async () => {
    const stop = sharedAbort();
    const deps = { target, doh, dns, targetNs: { host: '127.0.0.1', port: silent.address().port } };
    const events: CutoverEvent[] = [];
    const run = (async () => {
      for await (const e of cutoverCheck(
        { zones: [{ name: 'example.com', from: { kind: 'records', records } }], requestActivation: false },
        deps,
        {
          signal: stop.signal,
        },
      )) {
        events.push(e);
        // the comparison starts once this event is taken: leave when its first query reaches the silent server
        if (e.type === 'info' && e.message.startsWith('Comparing')) {
          void (async () => {
            while (received === 0) await new Promise((r) => setImmediate(r));
            stop.abort(new Error('client gone'));
          })();
        }
      }
    })();
    await run;
    expect(events.map((e) => e.type)).toEqual(['status', 'info', 'info']);
    // at most one window of queries went out (64 at a time), far from the 300 names
    expect(received).toBeGreaterThan(0);
    expect(received).toBeLessThanOrEqual(64);
  });

  it('reports a zone that is not at the target, and ends with done', async () => {
    const events: CutoverEvent[] = [];
    const deps = { target, doh, dns, targetNs: { host: '127.0.0.1', port: silent.address().port } };
    for await (const e of cutoverCheck({ zones: [{ name: 'example.org' }], requestActivation: true }, deps, {
      signal: sharedAbort().signal,
    }))
      events.push(e);
    expect(events.at(-2)).toMatchObject({ type: 'zone-report', zone: 'example.org', ready: false, targetStatus: 'missing' });
    expect(events.at(-1)).toEqual({ type: 'done', results: [{ zone: 'example.org', ready: false }] });
    expect(received).toBe(0);
  });
});

describe('cutoverCheck paces its queries', () => {
  it('sends a burst, then no more than its rate allows, and stops when the client goes away', async () => {
    // a name server that answers every query at once: only the pace holds the queries back
    let asked = 0;
    const answering = {
      query: () => {
        asked++;
        return Promise.resolve({ rcode: 0, records: [], unreadable: [] });
      },
      close: () => undefined,
    } as unknown as DirectDnsClient;
    const stop = sharedAbort();
    const deps = { target, doh, dns: answering, targetNs: { host: '127.0.0.1', port: 53 } };
    // one query a hundred seconds after the burst of 64: what follows the burst never comes in this test
    const run = (async () => {
      for await (const e of cutoverCheck(
        { zones: [{ name: 'example.com', from: { kind: 'records', records } }], requestActivation: false, queriesPerSecond: 0.01 },
        deps,
        {
          signal: stop.signal,
        },
      ))
        void e;
    })();
    while (asked < 64) await new Promise((r) => setImmediate(r));
    for (let turn = 0; turn < 50; turn++) await new Promise((r) => setImmediate(r));
    expect(asked).toBe(64);
    stop.abort(new Error('client gone'));
    await run;
    expect(asked).toBe(64);
  });
});
