import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { seedAzureDemo, startAzureSimulator } from '@dnsferry/companion/sandbox/azure/index';
import { seedRoute53Demo, startRoute53Simulator } from '@dnsferry/companion/sandbox/route53/index';
import { startDohServer, type DohServer } from '../../support/dns/doh-server';

/**
 * The companion in its sandbox mode, in-process: simulated Cloudflare, Azure and Route 53 (seeded as
 * `pnpm start` seeds them), the test DNS server for scans, and the companion itself listening on a
 * free loopback port.
 */
export async function startCompanionStack(opts: { cloudflareLatencyMs?: number; config?: Partial<Config>; cutover?: boolean } = {}) {
  // Record quotas off: the journeys paste 1,000 and 10,000 records into new zones, past a new Free zone's 200
  // (the quota is tested on the companion's side, routes/migrate-quota.test.ts).
  const cloudflare = await startCloudflareSimulator({ rateLimit: false, recordQuotas: false, latencyMs: opts.cloudflareLatencyMs ?? 0 });
  const seed = seedCloudflareDemo(cloudflare);
  const azure = await startAzureSimulator();
  const azureDemo = seedAzureDemo(azure);
  const route53 = await startRoute53Simulator();
  const route53Demo = seedRoute53Demo(route53);
  let doh: DohServer | null = null;
  let dohError: string | null = null;
  try {
    doh = await startDohServer();
  } catch (err) {
    dohError = (err as Error).message;
  }
  // For the cutover check, as in `pnpm start`: the parent side (NS, DS) comes from the simulator, whose
  // name servers answer for the assigned ones.
  const parent = opts.cutover ? await cloudflare.startParentResolver(doh?.httpUrl ?? null) : null;
  const config: Config = {
    ...DEFAULTS,
    port: 0,
    logLevel: 'warn',
    cloudflareApi: cloudflare.url,
    azureAuthority: azure.authorityUrl,
    azureArm: azure.armUrl,
    awsRoute53: route53.url,
    retryBaseMs: 5,
    ...(doh ? { dohUrl: doh.httpUrl } : {}),
    ...(parent ? { dohUrl: parent.url, targetNs: { host: cloudflare.dns.host, port: cloudflare.dns.port } } : {}),
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
    route53,
    route53Demo,
    doh,
    dohError,
    /** The last pairing code the companion showed. */
    pairingCode: () => codes.at(-1) ?? '',
    pairingCodes: codes,
    async close() {
      await Promise.allSettled([app.close(), cloudflare.close(), azure.close(), route53.close(), doh?.stop(), parent?.close()]);
    },
  };
}
export type CompanionStack = Awaited<ReturnType<typeof startCompanionStack>>;
