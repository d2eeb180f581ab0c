/**
 * Azure DNS alias record sets (`targetResource`), as dnsferry carries them: one place for the Azure
 * source (record sets from ARM) and for zone files written by `az network dns zone export`.
 */

/** An ARM resource id, split: `/subscriptions/{s}/resourceGroups/{rg}/providers/{namespace}/{type}/{name}[/{type}/{name}…]`. */
export interface ResourceId {
  subscriptionId: string;
  resourceGroup: string;
  /** Lower case, e.g. `microsoft.network`. */
  namespace: string;
  /** Type/name pairs; types lower case, names as given. */
  parts: Array<{ type: string; name: string }>;
}

export function parseResourceId(id: string): ResourceId | null {
  const segs = id.split('/').filter(Boolean);
  if (segs.length < 8 || segs.length % 2 !== 0) return null;
  const [subs, subscriptionId, rgs, resourceGroup, providers, namespace, ...rest] = segs;
  if (subs?.toLowerCase() !== 'subscriptions' || rgs?.toLowerCase() !== 'resourcegroups' || providers?.toLowerCase() !== 'providers')
    return null;
  if (!subscriptionId || !resourceGroup || !namespace) return null;
  const parts: ResourceId['parts'] = [];
  for (let i = 0; i + 1 < rest.length; i += 2) parts.push({ type: (rest[i] ?? '').toLowerCase(), name: rest[i + 1] ?? '' });
  return { subscriptionId, resourceGroup, namespace: namespace.toLowerCase(), parts };
}

/** The zone an alias lives in; what is not known (a zone file names no subscription) is not compared. */
export interface AliasHome {
  name: string;
  subscriptionId?: string | undefined;
  resourceGroup?: string | undefined;
}

/** What an alias points at, as far as its resource id tells (a record set's name as written). */
export type AzureAliasTarget =
  | { kind: 'record-set'; type: string; name: string }
  | { kind: 'traffic-manager'; name: string }
  | { kind: 'public-ip'; name: string }
  | { kind: 'unsupported'; message: string };

const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** Sorts an alias's target resource id into what dnsferry resolves and what it cannot carry over. */
export function azureAliasTarget(targetId: string, home: AliasHome): AzureAliasTarget {
  const target = parseResourceId(targetId);
  const first = target?.parts[0];
  if (!target || !first) return { kind: 'unsupported', message: `alias target "${targetId}" is not an Azure resource id` };
  if (target.namespace === 'microsoft.network' && first.type === 'dnszones') {
    const set = target.parts[1];
    if (!set || target.parts.length !== 2)
      return { kind: 'unsupported', message: `alias target "${targetId}" is a zone, not a record set` };
    const sameZone =
      (home.subscriptionId === undefined || eq(target.subscriptionId, home.subscriptionId)) &&
      (home.resourceGroup === undefined || eq(target.resourceGroup, home.resourceGroup)) &&
      eq(first.name, home.name);
    if (!sameZone)
      return {
        kind: 'unsupported',
        message: `alias to a record set in another zone (${first.name}) cannot be carried over; create the records by hand`,
      };
    return { kind: 'record-set', type: set.type.toUpperCase(), name: set.name };
  }
  if (target.namespace === 'microsoft.network' && target.parts.length === 1) {
    if (first.type === 'trafficmanagerprofiles') return { kind: 'traffic-manager', name: first.name };
    if (first.type === 'publicipaddresses') return { kind: 'public-ip', name: first.name };
  }
  const kind = [target.namespace, ...target.parts.map((p) => p.type)].join('/');
  const label = target.parts.map((p) => p.name).join('/');
  return {
    kind: 'unsupported',
    message: `alias to ${kind} "${label}" cannot be carried over (only aliases to record sets of this zone, Traffic Manager profiles and public IPs are resolved); create the record by hand, e.g. a CNAME to the endpoint's host name`,
  };
}

/** The note for an alias to a record set of the same zone, copied as it is now. */
export function copiedSetNote(type: string, name: string, target: { type: string; name: string }, count: number): string {
  return `Alias ${type} ${name} → record set ${target.type} ${target.name}: copied its ${count} record(s); later changes to it will not follow`;
}
