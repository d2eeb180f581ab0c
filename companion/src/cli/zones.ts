import { SubscriptionIdSchema, type SourceZonesResponse } from '@dnsferry/shared';
import { parseCommand } from './args';
import { azureServicePrincipal } from './credentials';
import { EXIT, usageError, type ExitCode } from './exit-codes';
import type { Runtime } from './runtime';
import { targetFailure } from './target';

export const ZONES_OPTIONS = {
  azure: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** `dnsferry zones --azure SUBSCRIPTION_ID`: the public DNS zones of an Azure subscription, as /api/source/zones lists them. */
export async function zonesCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { values: v, positionals } = parseCommand('zones', args, ZONES_OPTIONS);
  if (positionals.length > 0 || !v.azure) throw usageError('name the subscription: dnsferry zones --azure SUBSCRIPTION_ID');
  if (!SubscriptionIdSchema.safeParse(v.azure).success) throw usageError('--azure: a subscription id is a GUID');
  const creds = await azureServicePrincipal(rt);
  // Loaded on first use, as the route loads it: the Azure SDK is the companion's largest part.
  const { listZones } = await import('../source/azure/index');
  let zones: SourceZonesResponse['zones'];
  try {
    zones = await listZones(rt, creds, v.azure, { signal: rt.signal });
  } catch (err) {
    throw targetFailure(rt, err);
  }
  if (rt.json) {
    const answer: SourceZonesResponse = { success: true, zones };
    rt.stdout.write(`${JSON.stringify(answer)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(0, ...zones.map((z) => z.name.length));
  rt.stdout.write(`${zones.length} zone${zones.length === 1 ? '' : 's'} in the subscription:\n`);
  for (const z of zones) rt.stdout.write(`  ${z.name.padEnd(width)}  ${z.resourceGroup}  (${z.recordCount} record sets)\n`);
  return EXIT.ok;
}
