import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { readByTransfer } from '@dnsferry/companion/providers/axfr/adapter';
import { transferZone, type TransferLimits } from '@dnsferry/companion/providers/axfr/transfer';
import { a, framed, scriptedServer, soa, type ScriptedServer } from '../../../support/dns/axfr-server';

// Limits far from any run's times unless the test is about them: only the one under test can stop the transfer.
const LIMITS: TransferLimits = { maxRecords: 10_000, idleMs: 60_000, maxBytes: 1024 ** 3, deadlineMs: 120_000 };
const ZONE = 'fake.test';

const servers: ScriptedServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});
async function serve(opts: Parameters<typeof scriptedServer>[0]) {
  const server = await scriptedServer(opts);
  servers.push(server);
  return { server: '127.0.0.1', port: server.port };
}
const transfer = (from: { server: string; port: number }, limits: Partial<TransferLimits>) =>
  transferZone(ZONE, from, { ...LIMITS, ...limits }, new AbortController().signal, () => undefined);

/** The opening SOA, and in the same write the first bytes of a 60,000-byte message that never completes. */
const soaThenDrip = (id: number) => Buffer.concat([framed(id, [soa(ZONE, 7)]), Buffer.from([0xea, 0x60, id >> 8, id & 0xff])]);

describe('transferZone: progress is records, not bytes', () => {
  it('stops a server that drips bytes that never make a record, though each byte comes long before the idle limit', async () => {
    // a byte every 5 ms against a 200 ms limit: an idle timer that bytes reset would never fire
    const from = await serve({ first: soaThenDrip, next: () => Buffer.from([0]), everyMs: 5, limit: 20_000 });
    await expect(transfer(from, { idleMs: 200 })).rejects.toThrow(
      /^127\.0\.0\.1:\d+ sent no record for 0\.2 s in the middle of the transfer, only \d+ bytes that complete no message: stopped$/,
    );
  });

  it('stops a server that sends the SOA and then empty messages', async () => {
    const from = await serve({ first: (id) => framed(id, [soa(ZONE, 7)]), next: (_, id) => framed(id, []), everyMs: 5, limit: 20_000 });
    await expect(transfer(from, { idleMs: 200 })).rejects.toThrow(
      /^127\.0\.0\.1:\d+ sent no record for 0\.2 s in the middle of the transfer, only \d+ messages without a record: stopped$/,
    );
  });

  it('still says "sent nothing" of a server that went silent', async () => {
    const from = await serve({ first: (id) => framed(id, [soa(ZONE, 7)]) });
    await expect(transfer(from, { idleMs: 100 })).rejects.toThrow(
      /^127\.0\.0\.1:\d+ sent nothing for 0\.1 s in the middle of the transfer$/,
    );
  });

  it('stops a transfer that is not over by its deadline, however steadily bytes come', async () => {
    const from = await serve({ first: soaThenDrip, next: () => Buffer.from([0]), everyMs: 5, limit: 20_000 });
    await expect(transfer(from, { deadlineMs: 300 })).rejects.toThrow(
      /^127\.0\.0\.1:\d+ did not finish the transfer of fake\.test within 0\.3 s \(DNSFERRY_TRANSFER_TIMEOUT_MS\): 0 records in \d+ bytes so far; stopped, nothing is written for this zone$/,
    );
  });

  it('counts a single record in the singular when it stops', async () => {
    // the opening SOA with one record beside it, then a message that never completes
    const oneThenDrip = (id: number) =>
      Buffer.concat([framed(id, [soa(ZONE, 7), a(`www.${ZONE}`, '192.0.2.1')]), Buffer.from([0xea, 0x60, id >> 8, id & 0xff])]);
    const from = await serve({ first: oneThenDrip, next: () => Buffer.from([0]), everyMs: 5, limit: 20_000 });
    await expect(transfer(from, { deadlineMs: 300 })).rejects.toThrow(
      /\(DNSFERRY_TRANSFER_TIMEOUT_MS\): 1 record in \d+ bytes so far; stopped/,
    );
  });

  it('stops a transfer that gives records steadily but would never end, at the deadline', async () => {
    // a record every 5 ms keeps the idle limit happy; only the deadline ends it
    const from = await serve({
      first: (id) => framed(id, [soa(ZONE, 7)]),
      next: (i, id) => framed(id, [a(`h${i}.${ZONE}`, '192.0.2.1')]),
      everyMs: 5,
      limit: 20_000,
    });
    await expect(transfer(from, { idleMs: 60_000, deadlineMs: 300 })).rejects.toThrow(
      /did not finish the transfer of fake\.test within 0\.3 s \(DNSFERRY_TRANSFER_TIMEOUT_MS\): \d+ records in \d+ bytes so far/,
    );
  });

  it('stops a transfer that passes its byte limit', async () => {
    const from = await serve({
      first: (id) => framed(id, [soa(ZONE, 7)]),
      next: (i, id) => framed(id, [a(`h${i}.${ZONE}`, '192.0.2.1')]),
      limit: 500,
    });
    await expect(transfer(from, { maxBytes: 2000 })).rejects.toThrow(
      /^127\.0\.0\.1:\d+ sent more than 2000 bytes for the transfer of fake\.test \(DNSFERRY_TRANSFER_MAX_BYTES\), \d+ records so far: stopped, nothing is written for this zone$/,
    );
  });
});

describe('readByTransfer: memory', () => {
  it('keeps each record, not the message it came in', async () => {
    // Every record alone in a message padded to 60 KB with an additional record, as a hostile server may
    // send it: 1,500 of them are 90 MB of messages, which the records read from them must not hold.
    const padding = { type: 'TXT', name: `pad.${ZONE}`, ttl: 300, data: Array.from({ length: 235 }, () => 'x'.repeat(255)) } as const;
    const count = 1500;
    const from = await serve({
      first: (id) => framed(id, [soa(ZONE, 7)]),
      next: (i, id) => (i < count ? framed(id, [a(`h${i}.${ZONE}`, '192.0.2.1')], [padding]) : framed(id, [soa(ZONE, 7)])),
      limit: count + 1,
    });
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    gc();
    const before = process.memoryUsage().arrayBuffers;
    const content = await readByTransfer(ZONE, from, LIMITS, new AbortController().signal);
    // The server runs in this process: what it still has queued for its socket is its memory, not the reader's.
    await Promise.all(servers.splice(0).map((s) => s.close()));
    // V8 frees the memory behind dead array buffers after a collection, on a task of its own: ask again
    // until the count settles. Messages kept by the records (90 MB) would never let it fall below 10 MB.
    const held = async () => {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      return process.memoryUsage().arrayBuffers - before;
    };
    expect(content.records).toHaveLength(count);
    await expect.poll(held, { interval: 50, timeout: 30_000 }).toBeLessThan(10 * 1024 * 1024);
  });
});
