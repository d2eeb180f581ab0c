import { API, SubscriptionIdSchema } from '@dnsferry/shared';
import { parseBody } from '../operations/parse';
import { sourceZones } from '../operations/source-zones';
import { parseCommand } from './args';
import { asUsage } from './as-usage';
import { azureServicePrincipal, route53Keys } from './credentials';
import { EXIT, usageError, type ExitCode } from './exit-codes';
import type { Runtime } from './runtime';
import { targetFailure } from './target';

export const ZONES_OPTIONS = {
  azure: { type: 'string' },
  route53: { type: 'boolean' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * `dnsferry zones --azure SUBSCRIPTION_ID` or `dnsferry zones --route53`: the public DNS zones at the
 * source, as /api/source/zones lists them.
 */
export async function zonesCommand(rt: Runtime, args: string[]): Promise<ExitCode> {
  const { values: v, positionals } = parseCommand('zones', args, ZONES_OPTIONS);
  if (positionals.length > 0 || (!v.azure && !v.route53) || (v.azure && v.route53)) {
    throw usageError('name the source: dnsferry zones --azure SUBSCRIPTION_ID, or dnsferry zones --route53');
  }
  if (v.azure && !SubscriptionIdSchema.safeParse(v.azure).success) throw usageError('--azure: a subscription id is a GUID');
  const creds = v.route53
    ? { provider: 'route53', ...(await route53Keys(rt)) }
    : { ...(await azureServicePrincipal(rt)), subscriptionId: v.azure };
  const body = asUsage(rt, () => parseBody(API.sourceZones.request.schema, creds));
  const answer = await listed(rt, () => sourceZones.run(body, rt, rt.signal));
  const { zones } = answer;
  if (rt.json) {
    rt.stdout.write(`${JSON.stringify(answer)}\n`);
    return EXIT.ok;
  }
  const width = Math.max(0, ...zones.map((z) => z.name.length));
  rt.stdout.write(`${zones.length} zone${zones.length === 1 ? '' : 's'} ${v.route53 ? 'in the AWS account' : 'in the subscription'}:\n`);
  for (const z of zones) {
    const where = z.resourceGroup ?? z.id ?? '';
    rt.stdout.write(`  ${z.name.padEnd(width)}  ${where}  (${z.recordCount} record sets)\n`);
  }
  return EXIT.ok;
}

async function listed<T>(rt: Runtime, list: () => Promise<T>): Promise<T> {
  try {
    return await list();
  } catch (err) {
    throw targetFailure(rt, err);
  }
}
