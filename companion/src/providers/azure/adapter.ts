import type { SourceCredentials, SourceZone, Subscription } from '@dnsferry/shared';
import { UpstreamError } from '../../errors';
import type { SourceZoneContent, ZoneReader } from '../../engine/ports';
import { resolveAlias, setKey, type AliasContext } from './alias';
import { ArmClient } from './arm-client';
import { CAPABILITIES } from './capabilities';
import { createCredential, type AzureDeps } from './credentials';
import { canonicalize, mapRecordSet, recordType, relName } from './mapping';
import { Redactor } from './redact';
import { resourceGroupOf } from './resource-id';
import { API_VERSION, RecordSetWireSchema, SubscriptionWireSchema, ZoneWireSchema, type RecordSetWire } from './wire';

export type { AzureDeps } from './credentials';

/** `interactive`: someone waits on the answer, so an unreachable Azure is reported at once. */
function client(deps: AzureDeps, creds: SourceCredentials, interactive = false): ArmClient {
  const redactor = new Redactor();
  const credential = createCredential(deps, creds, redactor);
  return new ArmClient({ ...deps, credential, redactor, interactive });
}

function invalidItem(what: string): UpstreamError {
  return new UpstreamError('Azure', 'upstream', undefined, `Azure Resource Manager sent a ${what} in an unexpected shape`);
}

/** The subscriptions the credentials can see (every page). */
export async function listSubscriptions(deps: AzureDeps, creds: SourceCredentials, opts: { signal: AbortSignal }): Promise<Subscription[]> {
  const items = await client(deps, creds, true).list(`/subscriptions?api-version=${API_VERSION.subscriptions}`, opts.signal);
  return items.map((item) => {
    const s = SubscriptionWireSchema.safeParse(item);
    if (!s.success) throw invalidItem('subscription');
    return { subscriptionId: s.data.subscriptionId, displayName: s.data.displayName };
  });
}

async function zonesOf(arm: ArmClient, subscriptionId: string, signal: AbortSignal): Promise<SourceZone[]> {
  const path = `/subscriptions/${encodeURIComponent(subscriptionId)}/providers/Microsoft.Network/dnszones?api-version=${API_VERSION.dns}`;
  const zones: SourceZone[] = [];
  for (const item of await arm.list(path, signal)) {
    const z = ZoneWireSchema.safeParse(item);
    const resourceGroup = z.success ? resourceGroupOf(z.data.id) : null;
    if (!z.success || resourceGroup === null) throw invalidItem('DNS zone');
    // Legacy private zones (zoneType Private) serve only virtual networks; they are not public DNS to migrate.
    if (z.data.properties?.zoneType?.toLowerCase() === 'private') continue;
    zones.push({ name: z.data.name.toLowerCase(), resourceGroup, recordCount: z.data.properties?.numberOfRecordSets ?? 0 });
  }
  return zones;
}

/**
 * The public DNS zones of a subscription (every page). `recordCount` is Azure's `numberOfRecordSets`:
 * record *sets* (one per name and type, each holding one or more records), SOA and apex NS included;
 * so it is neither the number of records nor the number that will be migrated.
 */
export async function listZones(
  deps: AzureDeps,
  creds: SourceCredentials,
  subscriptionId: string,
  opts: { signal: AbortSignal },
): Promise<SourceZone[]> {
  return zonesOf(client(deps, creds, true), subscriptionId, opts.signal);
}

const RECORD_SETS_PER_PAGE = CAPABILITIES.limits.recordSetsPerPage;

async function readZone(
  arm: ArmClient,
  subscriptionId: string,
  zone: { name: string; resourceGroup?: string | undefined },
  signal: AbortSignal,
  progress?: (message: string) => void,
): Promise<SourceZoneContent> {
  let resourceGroup = zone.resourceGroup;
  if (!resourceGroup) {
    const found = (await zonesOf(arm, subscriptionId, signal)).filter((z) => z.name === zone.name.toLowerCase());
    if (found.length === 0) {
      throw new UpstreamError(
        'Azure',
        'not_found',
        'ResourceNotFound',
        `no public DNS zone ${zone.name} in subscription ${subscriptionId}`,
        404,
      );
    }
    if (found.length > 1) {
      throw new UpstreamError(
        'Azure',
        'invalid',
        undefined,
        `${zone.name} exists in the resource groups ${found.map((z) => z.resourceGroup).join(', ')}; say which resource group`,
      );
    }
    resourceGroup = found[0]?.resourceGroup ?? '';
  }
  const zonePath = `/subscriptions/${encodeURIComponent(subscriptionId)}/resourceGroups/${encodeURIComponent(resourceGroup)}/providers/Microsoft.Network/dnszones/${encodeURIComponent(zone.name)}`;
  const items = await arm.list(`${zonePath}/all?api-version=${API_VERSION.dns}&$top=${RECORD_SETS_PER_PAGE}`, signal, progress);

  const content: SourceZoneContent = { records: [], problems: [], notes: [] };
  const sets: RecordSetWire[] = [];
  for (const item of items) {
    const parsed = RecordSetWireSchema.safeParse(item);
    if (parsed.success) {
      sets.push(parsed.data);
      continue;
    }
    const raw = item as { name?: unknown; type?: unknown };
    content.problems.push({
      name: typeof raw.name === 'string' ? raw.name : '?',
      type: typeof raw.type === 'string' ? recordType({ type: raw.type }) : '?',
      message: `record set could not be read (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? 'unexpected shape'}); not migrated`,
    });
  }

  const ctx: AliasContext = {
    arm,
    zone: { subscriptionId, resourceGroup, name: zone.name },
    sets: new Map(sets.map((rs) => [setKey(recordType(rs), relName(rs)), rs])),
    signal,
    cache: new Map(),
  };
  for (const rs of sets) {
    const type = recordType(rs);
    const name = relName(rs);
    const outcome = mapRecordSet(rs);
    if (outcome.kind === 'skipped') {
      content.notes.push(outcome.note);
      continue;
    }
    if (outcome.kind === 'problem') {
      content.problems.push({ name, type, message: outcome.message });
      continue;
    }
    let inputs = outcome.kind === 'records' ? outcome.records : [];
    if (outcome.kind === 'records') content.notes.push(...outcome.notes);
    if (outcome.kind === 'alias') {
      const alias = await resolveAlias(ctx, rs);
      if (!alias.ok) {
        content.problems.push({ name, type, message: `Azure alias record set: ${alias.message}` });
        continue;
      }
      content.notes.push(alias.note);
      inputs = alias.records;
    }
    const canonical = canonicalize(inputs);
    content.records.push(...canonical.records);
    content.problems.push(...canonical.problems);
  }
  return content;
}

/** Azure DNS as a migration source, for one subscription. Zones without a resource group are found by listing it. */
export function createAzureSource(
  deps: AzureDeps,
  creds: SourceCredentials,
  subscriptionId: string,
): ZoneReader<{ name: string; resourceGroup?: string | undefined }> {
  const arm = client(deps, creds);
  return {
    readZone: (zone, opts) => readZone(arm, subscriptionId, zone, opts.signal, opts.progress),
  };
}
