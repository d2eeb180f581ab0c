import { captureLogs, recordSecrets, watchResponses } from '../../../support/leak-watch';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { startAzureSimulator, type AzureSimulator, type AzureSimulatorOptions } from '@dnsferry/companion/sandbox/azure/index';

/**
 * A small Azure world in the simulator: one tenant with a service principal that reads three
 * subscriptions (paged one per page), a principal with no role, a subscription it may not read, one
 * in another tenant, and a user token (as `az account get-access-token` gives it).
 */
export function seedWorld(sim: AzureSimulator) {
  const tenantId = sim.addTenant({ domain: 'contoso.onmicrosoft.com' });
  const sp = sim.addServicePrincipal({ tenantId });
  const loner = sim.addServicePrincipal({ tenantId });
  const userObjectId = '9c1f3b52-6d0e-4f8a-b2c7-5e4d3a2b1c0f';
  const subs = ['Production', 'Staging', 'Sandbox'].map((displayName) =>
    sim.addSubscription({ tenantId, displayName, readers: [sp.objectId, userObjectId] }),
  );
  const forbiddenSub = sim.addSubscription({ tenantId, displayName: 'Finance' });
  const otherTenant = sim.addTenant();
  const foreignSub = sim.addSubscription({ tenantId: otherTenant, displayName: 'Elsewhere' });
  const userToken = sim.issueToken({ tenantId, objectId: userObjectId });
  return {
    tenantId,
    sp,
    loner,
    subs: subs as [string, string, string],
    forbiddenSub,
    foreignSub,
    userToken,
    spCreds: { authMethod: 'servicePrincipal' as const, tenantId, clientId: sp.clientId, clientSecret: sp.clientSecret },
    bearerCreds: { authMethod: 'bearerToken' as const, sourceToken: userToken },
  };
}

/** The companion in-process, configured for the simulator through its ordinary base URLs, logs captured. */
export async function startAzureStack(opts: { sim?: AzureSimulatorOptions; config?: Partial<Config> } = {}) {
  const sim = await startAzureSimulator(opts.sim);
  const world = seedWorld(sim);
  const { logs, logStream } = captureLogs();
  const config: Config = {
    ...DEFAULTS,
    azureAuthority: sim.authorityUrl,
    azureArm: sim.armUrl,
    retryBaseMs: 5,
    logLevel: 'debug',
    ...opts.config,
  };
  const app = buildApp(config, { logStream, fetch: sim.fetch });
  watchResponses(app);
  recordSecrets(world.sp.clientSecret, world.loner.clientSecret, world.userToken);
  await app.ready();
  return {
    sim,
    world,
    app,
    logs,
    config,
    deps: { config, fetch: sim.fetch },
    post: (url: string, payload: Record<string, unknown>) => app.inject({ method: 'POST', url, payload }),
    async close() {
      await app.close();
      await sim.close();
    },
  };
}
export type AzureStack = Awaited<ReturnType<typeof startAzureStack>>;
