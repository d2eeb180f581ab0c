import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { seedAzureDemo, startAzureSimulator } from '@dnsferry/companion/sandbox/azure/index';
import { startDohServer, type DohServer } from '../../support/dns/doh-server';

/**
 * The companion in its sandbox mode, in-process: simulated Cloudflare and Azure, the test DNS
 * server for scans, and the companion itself listening on a free loopback port.
 */
export async function startCompanionStack(opts: { cloudflareLatencyMs?: number; config?: Partial<Config> } = {}) {
  const cloudflare = await startCloudflareSimulator({ rateLimit: false, latencyMs: opts.cloudflareLatencyMs ?? 0 });
  const seed = seedCloudflareDemo(cloudflare);
  const azure = await startAzureSimulator();
  const azureDemo = seedAzureDemo(azure);
  let doh: DohServer | null = null;
  let dohError: string | null = null;
  try {
    doh = await startDohServer();
  } catch (err) {
    dohError = (err as Error).message;
  }
  const config: Config = {
    ...DEFAULTS,
    port: 0,
    logLevel: 'warn',
    cloudflareApi: cloudflare.url,
    azureAuthority: azure.authorityUrl,
    azureArm: azure.armUrl,
    retryBaseMs: 5,
    ...(doh ? { dohUrl: doh.httpUrl } : {}),
    ...opts.config,
  };
  // The pairing codes the companion would print in its terminal (its identity lives in memory).
  const codes: string[] = [];
  const app = buildApp(config, { fetch: azure.fetch, onPairingCode: (n) => codes.push(n.code) });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url: address.replace('localhost', '127.0.0.1'),
    cloudflare,
    seed,
    azure,
    azureDemo,
    doh,
    dohError,
    /** The last pairing code the companion showed. */
    pairingCode: () => codes.at(-1) ?? '',
    pairingCodes: codes,
    async close() {
      await Promise.allSettled([app.close(), cloudflare.close(), azure.close(), doh?.stop()]);
    },
  };
}
export type CompanionStack = Awaited<ReturnType<typeof startCompanionStack>>;
