import { writeFileSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CutoverEventSchema } from '@dnsferry/shared';
import { cliPerTest, lines } from './cli-stack';

const t = cliPerTest();

const ZONE_FILE = `$TTL 300
@    IN A   192.0.2.1
www  IN A   192.0.2.2
@    IN MX  10 mail.example.net.
`;

describe('dnsferry check', () => {
  it('says a migrated zone is ready (exit 0), and not ready when the zone file wants more (exit 1)', async () => {
    writeFileSync(join(t.stack.dir, 'example.net.zone'), ZONE_FILE);
    expect((await t.stack.run(['migrate', 'example.net', '--zone-file', 'example.net.zone'])).code).toBe(0);

    const ready = await t.stack.run(['check', 'example.net', '--zone-file', 'example.net.zone']);
    expect(ready.code).toBe(0);
    const report = lines(ready.stdout)
      .map((l) => CutoverEventSchema.parse(l))
      .find((e) => e.type === 'zone-report');
    expect(report).toMatchObject({ zone: 'example.net', ready: true, parity: { checked: 3, matching: 3, mismatches: [] } });
    expect(report?.nameServers).toEqual(t.stack.sim.zoneByName('example.net')?.nameServers);

    writeFileSync(join(t.stack.dir, 'more.zone'), `${ZONE_FILE}api IN A 192.0.2.9\n`);
    const notReady = await t.stack.run(['check', 'example.net', '--zone-file', 'more.zone']);
    expect(notReady.code).toBe(1);
    const mismatch = lines(notReady.stdout)
      .map((l) => CutoverEventSchema.parse(l))
      .find((e) => e.type === 'zone-report');
    expect(mismatch).toMatchObject({
      ready: false,
      parity: { checked: 4, matching: 3, mismatches: [{ name: 'api', type: 'A', expected: ['192.0.2.9'], actual: [] }] },
    });
  });

  it('reads afresh after an undo: the zone the run filled and the undo emptied is not ready (exit 1)', async () => {
    writeFileSync(join(t.stack.dir, 'example.net.zone'), ZONE_FILE);
    expect((await t.stack.run(['migrate', 'example.net', '--zone-file', 'example.net.zone', '--undo-file', 'back.json'])).code).toBe(0);
    const report = async (args: string[]) => {
      const run = await t.stack.run(['check', 'example.net', ...args]);
      const r = lines(run.stdout)
        .map((l) => CutoverEventSchema.parse(l))
        .find((e) => e.type === 'zone-report');
      return { code: run.code, report: r };
    };
    expect(await report(['--zone-file', 'example.net.zone'])).toMatchObject({ code: 0, report: { ready: true } });
    expect(await report([])).toMatchObject({ code: 0, report: { ready: true } });

    expect((await t.stack.run(['undo', 'back.json'])).code).toBe(0);
    expect(await report(['--zone-file', 'example.net.zone'])).toMatchObject({
      code: 1,
      report: { ready: false, parity: { checked: 3, matching: 0 } },
    });
    // without a source the check compares the target with itself: an emptied zone must still not pass
    const bare = await report([]);
    expect(bare.code).toBe(1);
    expect(bare.report?.ready).toBe(false);
    expect(bare.report?.message).toMatch(
      /^Not yet: the target holds none of the zone's records besides its own SOA and NS, so there is nothing to compare/,
    );
  });

  it('names a resolver that closes the connection, and does not call that a DNSSEC verdict', async () => {
    writeFileSync(join(t.stack.dir, 'example.net.zone'), ZONE_FILE);
    expect((await t.stack.run(['migrate', 'example.net', '--zone-file', 'example.net.zone'])).code).toBe(0);
    // Something listens at the DoH address, but hangs up on every connection (a wrong port, another service).
    const hangUp = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => hangUp.listen(0, '127.0.0.1', resolve));
    const where = `127.0.0.1:${(hangUp.address() as AddressInfo).port}`;
    try {
      const run = await t.stack.runInTerminal(['check', 'example.net', '--zone-file', 'example.net.zone'], {
        env: { DNSFERRY_DOH_URL: `http://${where}/dns-query` },
        columns: 80,
      });
      expect(run.code).toBe(1);
      const screen = run.stdout.replace(/\r\n/g, '\n');
      const text = screen.replace(/\s+/g, ' ');
      expect(text).toContain(`The delegation of example.net could not be looked up: ${where} closed the connection before it answered`);
      expect(text).toContain(
        `✗ example.net: Not yet: the resolver could not tell whether the parent holds a DS record (${where} closed the connection`,
      );
      expect(text).not.toContain('DNSSEC first');
      expect(text).not.toMatch(/UND_ERR|ECONNRESET|other side closed/);
      expect(screen.split('\n').filter((row) => [...row].length > 79)).toEqual([]);
    } finally {
      await new Promise<void>((resolve) => hangUp.close(() => resolve()));
    }
  });
});
