import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { MigrateEventSchema, type MigrateEvent } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS, type Config } from '@dnsferry/companion/config';
import { startCloudflareSimulator, type CloudflareSimOptions } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo } from '@dnsferry/companion/sandbox/cloudflare/seed';
import { seedAzureDemo, startAzureSimulator } from '@dnsferry/companion/sandbox/azure/index';
import { seedRoute53Demo, startRoute53Simulator } from '@dnsferry/companion/sandbox/route53/index';
import { captureLogs, recordSecrets, watchResponses } from './leak-watch';

export type Sim = Awaited<ReturnType<typeof startCloudflareSimulator>>;

export interface StackOptions {
  sim?: CloudflareSimOptions;
  config?: Partial<Config>;
  azure?: boolean;
  route53?: boolean;
}

/** The companion in-process (inject or real listen) in front of a seeded Cloudflare simulator; every log line captured. */
export async function startStack(opts: StackOptions = {}) {
  const sim = await startCloudflareSimulator({ rateLimit: false, ...opts.sim });
  const seed = seedCloudflareDemo(sim);
  const azure = opts.azure ? await startAzureSimulator() : undefined;
  const azureDemo = azure ? seedAzureDemo(azure) : undefined;
  const route53 = opts.route53 ? await startRoute53Simulator() : undefined;
  const route53Demo = route53 ? seedRoute53Demo(route53) : undefined;
  const { logs, logStream } = captureLogs();
  const config: Config = {
    ...DEFAULTS,
    cloudflareApi: sim.url,
    retryBaseMs: 5,
    logLevel: 'debug',
    ...(azure ? { azureAuthority: azure.authorityUrl, azureArm: azure.armUrl } : {}),
    ...(route53 ? { awsRoute53: route53.url } : {}),
    ...opts.config,
  };
  const app = buildApp(config, { logStream, ...(azure ? { fetch: azure.fetch } : {}) });
  watchResponses(app);
  recordSecrets(seed.token, seed.readOnlyToken, seed.expiredToken);
  if (azureDemo) recordSecrets(azureDemo.servicePrincipal.clientSecret, azureDemo.bearerToken.sourceToken);
  if (route53Demo) recordSecrets(route53Demo.keys.accessKeyId, route53Demo.keys.secretAccessKey);
  await app.ready();
  async function stream(url: string, body: Record<string, unknown>) {
    const res = await app.inject({ method: 'POST', url, payload: { targetToken: seed.token, targetAccountId: seed.accountId, ...body } });
    if (res.statusCode !== 200) return { status: res.statusCode, events: [] as MigrateEvent[], body: res.json<unknown>() };
    return { status: res.statusCode, events: parseNdjson(res.payload), body: undefined };
  }
  return {
    sim,
    seed,
    azure,
    azureDemo,
    route53,
    route53Demo,
    app,
    logs,
    config,
    /** POST /api/migrate and read the whole NDJSON stream, each line checked against the shared schema. */
    migrate: (body: Record<string, unknown>) => stream('/api/migrate', body),
    /** POST /api/undo, the same way. */
    undo: (body: Record<string, unknown>) => stream('/api/undo', body),
    async close() {
      await app.close();
      await sim.close();
      await azure?.close();
      await route53?.close();
    },
  };
}
export type Stack = Awaited<ReturnType<typeof startStack>>;

/**
 * The set-up every endpoint test repeated: a stack started before each test of the file (or once for
 * the file, `once`), then `prepare` (to seed what the tests share), and closed after. Call the getter
 * inside a test or a hook declared after this call.
 */
export function useStack(opts: StackOptions & { once?: boolean; prepare?: (stack: Stack) => unknown } = {}): () => Stack {
  let current: Stack | undefined;
  const start = async () => {
    current = await startStack(opts);
    await opts.prepare?.(current);
  };
  const stop = async () => {
    await current?.close();
    current = undefined;
  };
  if (opts.once) {
    beforeAll(start);
    afterAll(stop);
  } else {
    beforeEach(start);
    afterEach(stop);
  }
  return () => {
    if (!current) throw new Error('the stack runs only inside a test');
    return current;
  };
}

export function parseNdjson(payload: string): MigrateEvent[] {
  return payload
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => MigrateEventSchema.parse(JSON.parse(l)));
}

/** Listens on a real port, for tests that need a socket (aborts). */
export async function listen(app: ReturnType<typeof buildApp>): Promise<string> {
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return address;
}

export function zoneComplete(events: MigrateEvent[], zone: string) {
  const e = events.find((x) => x.type === 'zone-complete' && x.zone === zone);
  if (!e || e.type !== 'zone-complete') throw new Error(`no zone-complete for ${zone}`);
  return e.result;
}

/** A zone as the simulator holds it, one line a record (`TYPE name content ttl [proxied]`), sorted; [] when the zone is gone. */
export function heldLines(sim: Sim, zone: string): string[] {
  const z = sim.zoneByName(zone);
  if (!z) return [];
  return sim
    .records(z.id)
    .map((r) => `${String(r.type)} ${String(r.name)} ${String(r.content)} ${String(r.ttl)}${r.proxied ? ' proxied' : ''}`)
    .sort();
}
