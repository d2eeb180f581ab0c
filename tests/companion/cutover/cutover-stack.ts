import { CutoverEventSchema, type CutoverEvent, type CutoverZoneReport } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { startCloudflareSimulator } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { seedAzureDemo, startAzureSimulator } from '@dnsferry/companion/sandbox/azure/index';
import { captureLogs, recordSecrets, watchResponses } from '../../support/leak-watch';
import { parseNdjson } from '../../support/stack';
import { startParentResolver } from './parent-resolver';

/**
 * The companion in-process in front of the Cloudflare simulator (API and name servers, reached through
 * DNSFERRY_TARGET_NS) and a DoH resolver that shows the parent's NS and DS as the test sets them.
 */
export async function startCutoverStack(opts: { config?: Partial<Config>; azure?: boolean } = {}) {
  const sim = await startCloudflareSimulator({ rateLimit: false });
  const seed = seedCloudflareDemo(sim);
  const parent = await startParentResolver();
  const azure = opts.azure ? await startAzureSimulator() : undefined;
  const azureDemo = azure ? seedAzureDemo(azure) : undefined;
  const { logs, logStream } = captureLogs();
  const app = buildApp(
    {
      ...DEFAULTS,
      cloudflareApi: sim.url,
      dohUrl: parent.url,
      targetNs: { host: sim.dns.host, port: sim.dns.port },
      retryBaseMs: 5,
      logLevel: 'debug',
      ...(azure ? { azureAuthority: azure.authorityUrl, azureArm: azure.armUrl } : {}),
      ...opts.config,
    },
    { logStream, ...(azure ? { fetch: azure.fetch } : {}) },
  );
  watchResponses(app);
  recordSecrets(seed.token, seed.readOnlyToken, seed.expiredToken);
  if (azureDemo) recordSecrets(azureDemo.servicePrincipal.clientSecret, azureDemo.bearerToken.sourceToken);
  await app.ready();
  const auth = { targetToken: seed.token, targetAccountId: seed.accountId };
  return {
    sim,
    seed,
    parent,
    azureDemo,
    app,
    logs,
    async migrate(body: Record<string, unknown>) {
      const res = await app.inject({ method: 'POST', url: '/api/migrate', payload: { ...auth, ...body } });
      if (res.statusCode !== 200) throw new Error(`migrate answered ${res.statusCode}: ${res.payload}`);
      return parseNdjson(res.payload);
    },
    /** POST /api/cutover/check; every line is checked against the shared event schema. */
    async check(body: Record<string, unknown>) {
      const res = await app.inject({ method: 'POST', url: '/api/cutover/check', payload: { ...auth, ...body } });
      const events: CutoverEvent[] =
        res.statusCode === 200
          ? res.payload
              .split('\n')
              .filter((l) => l.trim() !== '')
              .map((l) => CutoverEventSchema.parse(JSON.parse(l)))
          : [];
      return { status: res.statusCode, events, body: res.statusCode === 200 ? null : res.json<unknown>() };
    },
    async close() {
      await app.close();
      await sim.close();
      await parent.close();
      await azure?.close();
    },
  };
}
export type CutoverStack = Awaited<ReturnType<typeof startCutoverStack>>;

export function reportOf(events: CutoverEvent[], zone: string): CutoverZoneReport {
  const reports = events.filter((e): e is CutoverZoneReport => e.type === 'zone-report' && e.zone === zone);
  if (reports.length !== 1) throw new Error(`${reports.length} zone-reports for ${zone}`);
  const [report] = reports;
  if (!report) throw new Error(`no zone-report for ${zone}`);
  return report;
}

export function infos(events: CutoverEvent[]): string[] {
  return events.flatMap((e) => (e.type === 'info' ? [e.message] : []));
}
