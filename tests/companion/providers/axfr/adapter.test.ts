import { readFileSync } from 'node:fs';
import { createServer, connect, type Server } from 'node:net';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import dnsPacket from 'dns-packet';
import { parseZoneFile, type AxfrSource, type DnsRecord } from '@dnsferry/shared';
import { readByTransfer } from '@dnsferry/companion/providers/axfr/adapter';
import { canonicalize } from '@dnsferry/companion/records/canonical';
import { startNamed, type RunningNamed } from '../../../support/dns/named';

const ZONE_TEXT = readFileSync(fileURLToPath(new URL('../../../support/dns/dnsferry.test.zone', import.meta.url)), 'utf8');
const KEY = { name: 'transfer-key', algorithm: 'hmac-sha256' as const, secret: Buffer.alloc(32, 7).toString('base64') };
const LIMITS = { maxRecords: 10_000, idleMs: 10_000, maxBytes: 1024 ** 3, deadlineMs: 120_000 };
const zoneAs = (name: string) => ZONE_TEXT.replaceAll('dnsferry.test', name);

let named: RunningNamed;
beforeAll(async () => {
  named = await startNamed(
    [
      { name: 'dnsferry.test', text: ZONE_TEXT, allowTransfer: 'any' },
      { name: 'closed.test', text: zoneAs('closed.test'), allowTransfer: 'none' },
      { name: 'signed.test', text: zoneAs('signed.test'), allowTransfer: { key: KEY.name } },
      {
        name: 'odd.test',
        text: `${zoneAs('odd.test')}\nold 300 IN HINFO "PC" "Linux"\n`,
        allowTransfer: 'any',
      },
    ],
    [KEY],
  );
});
afterAll(async () => {
  await named?.stop();
});

const signal = () => new AbortController().signal;
const from = (extra: Partial<AxfrSource> = {}): AxfrSource => ({ server: '127.0.0.1', port: named.port, ...extra });
const key = (r: DnsRecord) => JSON.stringify(canonicalize(r, 'dnsferry.test'));

describe('readByTransfer against BIND (named)', () => {
  it('reads every record of the zone, the same records the zone-file reader finds in the file named serves', async () => {
    const content = await readByTransfer('dnsferry.test', from(), LIMITS, signal());
    const file = parseZoneFile(ZONE_TEXT, 'dnsferry.test');
    expect(file.issues).toEqual([]);
    expect(content.problems).toEqual([]);
    // the transfer leaves the SOA at its ends out of the records: it names the zone's version instead
    const expected = file.records.filter((r) => r.type !== 'SOA');
    expect(content.records.map(key).sort()).toEqual(expected.map(key).sort());
    expect(content.notes).toEqual([`Read ${expected.length} records by zone transfer from 127.0.0.1 (SOA serial 2025010101)`]);
  });

  it('signs the request with a TSIG key and checks the signatures of the answer', async () => {
    const content = await readByTransfer('signed.test', from({ tsig: KEY }), LIMITS, signal());
    expect(content.records.length).toBeGreaterThan(50);
  });

  it('names a refused transfer, a wrong secret and an unknown key, each plainly', async () => {
    await expect(readByTransfer('closed.test', from(), LIMITS, signal())).rejects.toThrow(
      /refused the transfer of closed\.test \(REFUSED: it does not allow this zone to be transferred to this address/,
    );
    await expect(readByTransfer('signed.test', from(), LIMITS, signal())).rejects.toThrow(/REFUSED/);
    const wrong = { ...KEY, secret: Buffer.alloc(32, 8).toString('base64') };
    await expect(readByTransfer('signed.test', from({ tsig: wrong }), LIMITS, signal())).rejects.toThrow(
      /refused the key transfer-key \(BADSIG: .*the secret does not match/,
    );
    await expect(readByTransfer('signed.test', from({ tsig: { ...KEY, name: 'other-key' } }), LIMITS, signal())).rejects.toThrow(
      /refused the key other-key \(BADKEY/,
    );
  });

  it('says when the server does not hold the zone', async () => {
    await expect(readByTransfer('absent.test', from(), LIMITS, signal())).rejects.toThrow(/absent\.test \((REFUSED|NOTAUTH)/);
  });

  it('makes a type the record model has no place for a problem, never a silent drop', async () => {
    const content = await readByTransfer('odd.test', from(), LIMITS, signal());
    expect(content.problems).toEqual([{ name: 'old', type: 'TYPE13', message: 'record type TYPE13 is not supported' }]);
  });

  it('stops a transfer that gives more records than the request may carry', async () => {
    await expect(readByTransfer('dnsferry.test', from(), { ...LIMITS, maxRecords: 10 }, signal())).rejects.toThrow(
      /more than 10 records \(DNSFERRY_MAX_RECORDS\)/,
    );
  });

  it('refuses an answer altered on the way, when it is signed', async () => {
    // A relay that flips one byte of a TXT string in the first answer message.
    const relay = createServer((client) => {
      const upstream = connect({ host: '127.0.0.1', port: named.port });
      client.pipe(upstream);
      let first = true;
      upstream.on('data', (chunk: Buffer) => {
        if (first) {
          const at = chunk.indexOf('wildcard text');
          if (at > 0) {
            chunk[at] = 'W'.charCodeAt(0);
            first = false;
          }
        }
        client.write(chunk);
      });
      upstream.on('end', () => client.end());
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    const port = await listen(relay);
    try {
      await expect(readByTransfer('signed.test', { server: '127.0.0.1', port, tsig: KEY }, LIMITS, signal())).rejects.toThrow(
        /signature does not verify with the key transfer-key/,
      );
    } finally {
      relay.close();
    }
  });
});

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
}

/** A server that answers an AXFR with the messages given (each answer list one message), then does `end`. */
async function fakeServer(messages: dnsPacket.Answer[][], end: 'close' | 'hang' = 'close'): Promise<{ port: number; close(): void }> {
  const server = createServer((sock) => {
    sock.once('data', (req: Buffer) => {
      const id = req.readUInt16BE(2);
      for (const answers of messages) {
        const msg = dnsPacket.encode({ type: 'response', id, flags: dnsPacket.AUTHORITATIVE_ANSWER, answers });
        sock.write(Buffer.concat([Buffer.from([msg.length >> 8, msg.length & 0xff]), msg]));
      }
      if (end === 'close') sock.end();
    });
  });
  const port = await listen(server);
  return { port, close: () => server.close() };
}

const soa = (serial: number): dnsPacket.Answer => ({
  type: 'SOA',
  name: 'fake.test',
  ttl: 3600,
  data: { mname: 'ns1.fake.test', rname: 'hostmaster.fake.test', serial, refresh: 3600, retry: 600, expire: 86400, minimum: 300 },
});
const a = (name: string, address: string): dnsPacket.Answer => ({ type: 'A', name, ttl: 300, data: address });

describe('readByTransfer against servers that misbehave', () => {
  it('reads a transfer spread over several messages', async () => {
    const server = await fakeServer([[soa(7), a('a.fake.test', '192.0.2.1')], [a('b.fake.test', '192.0.2.2')], [soa(7)]]);
    try {
      const content = await readByTransfer('fake.test', { server: '127.0.0.1', port: server.port }, LIMITS, signal());
      expect(content.records.map((r) => `${r.name} ${r.content}`)).toEqual(['a 192.0.2.1', 'b 192.0.2.2']);
    } finally {
      server.close();
    }
  });

  it('refuses a transfer whose closing SOA is not its opening one (the zone changed on the way)', async () => {
    const server = await fakeServer([[soa(7), a('a.fake.test', '192.0.2.1'), soa(8)]]);
    try {
      await expect(readByTransfer('fake.test', { server: '127.0.0.1', port: server.port }, LIMITS, signal())).rejects.toThrow(
        /ends with serial 8 but began with 7/,
      );
    } finally {
      server.close();
    }
  });

  it('refuses a transfer that does not begin with the SOA, or is cut short', async () => {
    const noSoa = await fakeServer([[a('a.fake.test', '192.0.2.1'), soa(7)]]);
    const cut = await fakeServer([[soa(7), a('a.fake.test', '192.0.2.1')]]);
    try {
      await expect(readByTransfer('fake.test', { server: '127.0.0.1', port: noSoa.port }, LIMITS, signal())).rejects.toThrow(
        /does not begin with the SOA of fake\.test/,
      );
      await expect(readByTransfer('fake.test', { server: '127.0.0.1', port: cut.port }, LIMITS, signal())).rejects.toThrow(
        /closed the connection before the transfer ended/,
      );
    } finally {
      noSoa.close();
      cut.close();
    }
  });

  it('gives up on a server that stops answering, naming how long it waited', async () => {
    const silent = await fakeServer([[soa(7)]], 'hang');
    try {
      await expect(
        readByTransfer('fake.test', { server: '127.0.0.1', port: silent.port }, { ...LIMITS, idleMs: 50 }, signal()),
      ).rejects.toThrow(/sent nothing for 0\.05 s in the middle of the transfer/);
    } finally {
      silent.close();
    }
  });

  it('refuses an unsigned answer when the request was signed', async () => {
    const server = await fakeServer([[soa(7), soa(7)]]);
    try {
      await expect(readByTransfer('fake.test', { server: '127.0.0.1', port: server.port, tsig: KEY }, LIMITS, signal())).rejects.toThrow(
        /not signed with the key transfer-key/,
      );
    } finally {
      server.close();
    }
  });
});
