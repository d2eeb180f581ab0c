import { createServer, type AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';
import { LogLines, logLinesStream } from '@dnsferry/companion/log-lines';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const clock = (time: number) => new Date(time).toISOString().slice(11, 19);
const at = Date.UTC(2030, 0, 1, 14, 5, 9);

describe('the log as a person reads it', () => {
  it('makes the two lines of a request one: method, path, status, time taken', () => {
    const lines = new LogLines({ color: false, clock });
    expect(
      lines.format(
        JSON.stringify({ level: 30, time: at, reqId: 'req-1', req: { method: 'POST', url: '/api/migrate' }, msg: 'incoming request' }),
      ),
    ).toBeNull();
    expect(
      lines.format(
        JSON.stringify({ level: 30, time: at, reqId: 'req-1', res: { statusCode: 200 }, responseTime: 1432.5, msg: 'request completed' }),
      ),
    ).toBe('14:05:09  POST /api/migrate  200  1.4 s');
  });

  it('marks warnings and errors, and says the error on the same line as its request', () => {
    const lines = new LogLines({ color: false, clock });
    lines.format(
      JSON.stringify({
        level: 30,
        time: at,
        reqId: 'req-2',
        req: { method: 'POST', url: '/api/target/validate' },
        msg: 'incoming request',
      }),
    );
    expect(
      lines.format(
        JSON.stringify({
          level: 50,
          time: at,
          reqId: 'req-2',
          err: { message: 'Cloudflare: cannot reach api.cloudflare.com', stack: 'UpstreamError: …\n    at x' },
          msg: 'request failed',
        }),
      ),
    ).toBe('14:05:09  error  POST /api/target/validate  request failed: Cloudflare: cannot reach api.cloudflare.com');
    expect(
      lines.format(JSON.stringify({ level: 40, time: at, origin: 'moz-extension://x', reason: 'wrong code', msg: 'pairing refused' })),
    ).toBe('14:05:09  warning  pairing refused (origin moz-extension://x; reason wrong code)');
  });

  it('wraps a line longer than the terminal at spaces, under its text', () => {
    const lines = new LogLines({ color: true, clock });
    const json = JSON.stringify({
      level: 30,
      time: at,
      origin: 'chrome-extension://cgcikpkplhpcpopalmhbmhcndndpgkll',
      msg: 'browser extension paired',
    });
    // eslint-disable-next-line no-control-regex
    const shown = (lines.format(json, 79) ?? '').replace(/\x1b\[[0-9;]*m/g, '');
    expect(shown.split('\n')).toEqual([
      '14:05:09  browser extension paired (origin',
      '          chrome-extension://cgcikpkplhpcpopalmhbmhcndndpgkll)',
    ]);
  });

  it('shows a line that is not JSON as it came', () => {
    expect(new LogLines({ color: false, clock }).format('plain text')).toBe('plain text');
  });

  it('puts a line written in two pieces back together', async () => {
    const out = new PassThrough();
    let text = '';
    out.setEncoding('utf8').on('data', (d: string) => (text += d));
    const stream = logLinesStream(out, { color: false, clock });
    const json = JSON.stringify({ level: 30, time: at, msg: 'Server listening at http://127.0.0.1:8787' });
    stream.write(json.slice(0, 20));
    stream.write(`${json.slice(20)}\n`);
    await new Promise<void>((resolve) => stream.end(resolve));
    expect(text).toBe('14:05:09  Server listening at http://127.0.0.1:8787\n');
  });

  it("prints one line per request of the companion's own log, and never the token of its body", async () => {
    const out = new PassThrough();
    let text = '';
    out.setEncoding('utf8').on('data', (d: string) => (text += d));
    // A port nothing listens on: the call fails at once, as an unreachable Cloudflare does.
    const port = await closedPort();
    const config = { ...DEFAULTS, home: null, cloudflareApi: `http://127.0.0.1:${port}/client/v4`, retryBaseMs: 1 };
    const app = buildApp(config, { logStream: logLinesStream(out, { color: false, clock }) });
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/target/validate',
        payload: { targetToken: 'secretTokenValue000000000000000000000001' },
      });
      expect(res.statusCode).toBe(502);
    } finally {
      await app.close();
    }
    const lines = text.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^\d\d:\d\d:\d\d {2}error {2}POST \/api\/target\/validate {2}request failed: Cloudflare: cannot reach 127\.0\.0\.1:\d+: connection refused/,
    );
    expect(lines[1]).toMatch(/^\d\d:\d\d:\d\d {2}POST \/api\/target\/validate {2}502 {2}\d/);
    expect(text).not.toContain('secretTokenValue');
  });
});
