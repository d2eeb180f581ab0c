import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { MigrateRequestSchema, zonesFrom } from '@dnsferry/shared';
import { DEFAULTS } from '@dnsferry/companion/config';
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

const failure = (read: Promise<unknown>) =>
  read.then(
    () => new Error('read'),
    (e: unknown) => (e instanceof Error ? e : new Error(String(e))),
  );

describe('sourceFor', () => {
  it("reads each zone by the provider its from names: a zone's own transfer, the request's Azure for the other", async () => {
    const port = await closedPort();
    const [own, named] = zonesFrom(
      request({
        zones: [{ name: 'a.test', axfr: { server: '127.0.0.1', port } }, { name: 'b.test' }],
        source: {
          provider: 'azure',
          authMethod: 'bearerToken',
          sourceToken: 'token',
          subscriptionId: '00000000-0000-0000-0000-000000000000',
        },
      }),
    );
    if (own?.from?.kind !== 'axfr' || named?.from?.kind !== 'azure') throw new Error('a transfer and Azure were expected');
    // both at a closed port: each error names who was asked
    const config = { ...DEFAULTS, azureArm: `http://127.0.0.1:${port}`, azureAuthority: `http://127.0.0.1:${port}` };
    const source = sourceFor({ config, fetch });
    const transfer = await failure(source.readZone({ name: own.name, from: own.from }, { signal }));
    expect(transfer.message).toMatch(/127\.0\.0\.1/);
    expect(transfer.message).not.toMatch(/Azure/i);
    const azure = await failure(source.readZone({ name: named.name, from: named.from }, { signal }));
    expect(azure.message).toMatch(/Azure/i);
  });
});
