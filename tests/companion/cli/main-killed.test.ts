import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MigrateEventSchema, mergeUndo, type MigrateEvent, type UndoPiece } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { heldLines, parseNdjson } from '../../support/stack';
import { cliPerTest } from './cli-stack';

// Every response 20 ms late: a mirror run of 400 changes in batches of 5 is stopped in the middle.
const t = cliPerTest({ sim: { latencyMs: 20 } });
const ZONE = 'killed.example';

/**
 * A pass-through in front of the simulated API that can be closed like a door: once `hold()` is
 * called, requests that arrive wait there and never reach the API. So when the companion is killed,
 * no write of it is half-way: each landed or never left.
 */
async function gate(upstream: string) {
  const target = new URL(upstream);
  let held = false;
  let forwarded = 0;
  const waiting: ServerResponse[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (held) {
        waiting.push(res);
        return;
      }
      forwarded++;
      const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
        up.on('end', () => forwarded--);
      });
      out.on('error', () => res.destroy());
      out.end(Buffer.concat(chunks));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${target.pathname}`,
    hold: () => (held = true),
    /** Requests let through whose answer has not ended yet. */
    get forwarded() {
      return forwarded;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of waiting) res.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('the companion killed in the middle of a run', () => {
  it('leaves the client holding the undo of everything that landed: kill -9 mid mirror + prune, then the kept pieces restore the zone exactly', async () => {
    const zone = t.stack.sim.addZone({ accountId: t.stack.seed.accountId, name: ZONE, plan: 'pro' });
    const source = ['$TTL 300'];
    for (let i = 0; i < 100; i++) {
      t.stack.sim.addRecord(zone.id, { type: 'A', name: `keep${i}.${ZONE}`, content: `192.0.2.${i}`, ttl: 300 });
      t.stack.sim.addRecord(zone.id, { type: 'A', name: `chg${i}.${ZONE}`, content: `198.51.100.${i}`, ttl: 300 });
      t.stack.sim.addRecord(zone.id, { type: 'TXT', name: `old${i}.${ZONE}`, content: `"old ${i}"`, ttl: 300 });
      source.push(`keep${i} IN A 192.0.2.${i}`, `chg${i} IN A 203.0.113.${i}`, `new${i} IN TXT "new ${i}"`);
    }
    const before = heldLines(t.stack.sim, ZONE);
    const door = await gate(t.stack.sim.url);
    const child = spawn(t.cli.command[0] ?? '', [...t.cli.command.slice(1), 'serve'], {
      cwd: t.stack.dir,
      env: {
        ...t.stack.env,
        DNSFERRY_CLOUDFLARE_API: door.url,
        DNSFERRY_PORT: '0',
        DNSFERRY_HOME: join(t.stack.dir, 'home'),
        DNSFERRY_BATCH_SIZE: '5',
        DNSFERRY_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    try {
      let out = '';
      const address = await new Promise<string>((resolve, reject) => {
        child.stdout.setEncoding('utf8').on('data', (d: string) => {
          out += d;
          const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
          if (m?.[1]) resolve(m[1]);
        });
        void exited.then(() => reject(new Error('serve ended before it listened')));
      });

      const res = await fetch(`${address}/api/migrate`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          targetToken: t.stack.seed.token,
          targetAccountId: t.stack.seed.accountId,
          zones: [{ name: ZONE, zoneFile: `${source.join('\n')}\n` }],
          mode: 'mirror',
          prune: true,
          force: true,
        }),
      });
      // What a client keeps of the stream as it comes: every event, the undo pieces among them.
      const events: MigrateEvent[] = [];
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = '';
      let killed = false;
      const committed = () => t.stack.sim.batches.reduce((n, b) => n + b.deletes.length + b.posts.length + b.patches.length, 0);
      const pieces = () => events.filter((e) => 'undo' in e && e.undo && e.type !== 'success').length;
      for (;;) {
        const chunk = await reader.read().catch(() => ({ done: true as const, value: undefined }));
        if (chunk.done) break;
        text += chunk.value;
        const cut = text.lastIndexOf('\n');
        if (cut >= 0) {
          events.push(...parseNdjson(text.slice(0, cut + 1)));
          text = text.slice(cut + 1);
        }
        const pruned = events.filter((e) => e.type === 'remove' && e.record?.type === 'TXT' && e.undo).length;
        // Once the prune is under way, the door closes; when every write that got through is told, kill -9.
        if (pruned >= 10) door.hold();
        if (!killed && pruned >= 10 && door.forwarded === 0 && pieces() === committed()) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
      expect(killed).toBe(true);
      expect((await exited)[1]).toBe('SIGKILL');
      expect(events.some((e) => e.type === 'zone-complete' || e.type === 'done')).toBe(false);
      for (const e of events) MigrateEventSchema.parse(e);

      // The kept pieces, merged, are the undo of what landed: the zone's id from its success event.
      const zoneId = events.find((e) => e.type === 'success')?.zoneId ?? '';
      const kept: UndoPiece[] = events.flatMap((e) => ('undo' in e && e.undo ? [e.undo] : []));
      const undo = mergeUndo(ZONE, zoneId, kept);
      expect(undo.created.length + undo.removed.length + undo.updated.length).toBe(committed());
      expect(undo.removed.filter((r) => r.record.type === 'TXT').length).toBeGreaterThanOrEqual(10);
      expect(heldLines(t.stack.sim, ZONE)).not.toEqual(before);

      // A companion started again takes them as one undo.
      const app = buildApp({ ...DEFAULTS, logLevel: 'silent', cloudflareApi: t.stack.sim.url, retryBaseMs: 5 });
      try {
        const back = await app.inject({
          method: 'POST',
          url: '/api/undo',
          payload: { targetToken: t.stack.seed.token, targetAccountId: t.stack.seed.accountId, zones: [{ name: ZONE, undo }] },
        });
        expect(parseNdjson(back.payload).at(-1)).toMatchObject({ type: 'done', results: [{ zone: ZONE, failed: 0, skipped: 0 }] });
      } finally {
        await app.close();
      }
      expect(heldLines(t.stack.sim, ZONE)).toEqual(before);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await door.close();
    }
  });
});
