import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MigrateRequestSchema } from '@dnsferry/shared';
import { DEFAULTS } from '@dnsferry/companion/config';
import { AppError } from '@dnsferry/companion/errors';
import { sourceFor } from '@dnsferry/companion/providers/from-request';

const signal = new AbortController().signal;
const request = (body: object) => MigrateRequestSchema.parse({ targetToken: 'x'.repeat(40), targetAccountId: 'a'.repeat(32), ...body });

/** A loopback port nothing listens on: a transfer asked of it is refused at once. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('sourceFor', () => {
  it('is undefined when no zone is to be read from a provider', () => {
    const body = request({ zones: [{ name: 'example.com', records: [] }] });
    expect(sourceFor(body, { config: DEFAULTS, fetch })).toBeUndefined();
  });

  it('refuses, as a bad request, a zone that names no provider when no provider is named for all', async () => {
    const port = await closedPort();
    const body = request({
      zones: [
        { name: 'a.test', axfr: { server: '127.0.0.1', port } },
        { name: 'b.test', records: [] },
      ],
    });
    const source = sourceFor(body, { config: DEFAULTS, fetch });
    const read = source?.readZone({ name: 'b.test' }, { signal });
    await expect(read).rejects.toBeInstanceOf(AppError);
    await expect(read).rejects.toMatchObject({ code: 'invalid_request' });
  });

  it("reads a zone by the provider it names itself before the request's (the transfer, not Azure)", async () => {
    const port = await closedPort();
    const body = request({
      zones: [{ name: 'a.test', axfr: { server: '127.0.0.1', port } }],
      source: {
        provider: 'azure',
        authMethod: 'bearerToken',
        sourceToken: 'token',
        subscriptionId: '00000000-0000-0000-0000-000000000000',
      },
    });
    // Azure would be asked at a closed port too, and name Azure in its error.
    const config = { ...DEFAULTS, azureArm: `http://127.0.0.1:${port}`, azureAuthority: `http://127.0.0.1:${port}` };
    const source = sourceFor(body, { config, fetch });
    const err: unknown = await source?.readZone({ name: 'a.test', axfr: body.zones[0]?.axfr }, { signal }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/127\.0\.0\.1/);
    expect((err as Error).message).not.toMatch(/Azure/i);
  });
});
