/**
 * The test DNS server: the zones of this folder, served by the sandbox's unbound + dnsdist launcher.
 * Run directly to keep a server up for manual tries: `npx tsx tests/support/dns/doh-server.ts`.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startDohServer as startServer, type DohServer } from '@dnsferry/companion/sandbox/doh/server';

export { soaQuery, type DohEndpoints, type DohServer } from '@dnsferry/companion/sandbox/doh/server';

const HERE = dirname(fileURLToPath(import.meta.url));

/** The zones this folder serves: the main scan zone first (dnsdist health-checks its SOA). */
export const TEST_ZONES = ['dnsferry.test', 'xn--caf-dma.test', 'proxied.test'] as const;

export function startDohServer(): Promise<DohServer> {
  return startServer(TEST_ZONES.map((name) => ({ name, text: readFileSync(join(HERE, `${name}.zone`), 'utf8') })));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startDohServer();
  const { stop: _stop, ...endpoints } = server;
  process.stdout.write(`${JSON.stringify(endpoints, null, 2)}\nCtrl-C stops it.\n`);
  const stop = () => void server.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
