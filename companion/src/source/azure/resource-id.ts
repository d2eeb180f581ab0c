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

/** The resource group of a zone: segment 4 of its id (ARM returns it in no fixed casing). */
export function resourceGroupOf(id: string): string | null {
  const segs = id.split('/');
  return segs[3]?.toLowerCase() === 'resourcegroups' && segs[4] ? segs[4] : null;
}
