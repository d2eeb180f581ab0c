import type { SimPublicIp, SimRecordSet, SimSubscription, SimTrafficManagerProfile, SimZone } from './state';

/** Resources as ARM serialises them on the real wire: `dnszones` casing, trailing dots, `targetResource: {}`. */

export function subscriptionJson(s: SimSubscription): unknown {
  return {
    id: `/subscriptions/${s.subscriptionId}`,
    authorizationSource: 'RoleBased',
    managedByTenants: [],
    subscriptionId: s.subscriptionId,
    tenantId: s.tenantId,
    displayName: s.displayName,
    state: s.state,
    subscriptionPolicies: { locationPlacementId: 'Public_2014-09-01', quotaId: 'PayAsYouGo_2014-09-01', spendingLimit: 'Off' },
  };
}

export function zoneId(z: SimZone): string {
  return `/subscriptions/${z.subscriptionId}/resourceGroups/${z.resourceGroup}/providers/Microsoft.Network/dnszones/${z.name}`;
}

export function zoneJson(z: SimZone): unknown {
  return {
    id: zoneId(z),
    name: z.name,
    type: 'Microsoft.Network/dnszones',
    etag: z.etag,
    location: 'global',
    tags: {},
    properties: {
      maxNumberOfRecordSets: 10000,
      maxNumberOfRecordsPerRecordSet: null,
      numberOfRecordSets: z.recordSets.length,
      nameServers: z.nameServers,
      zoneType: z.zoneType,
    },
  };
}

export function recordSetJson(z: SimZone, rs: SimRecordSet): unknown {
  const fqdn = rs.name === '@' ? `${z.name}.` : `${rs.name}.${z.name}.`;
  return {
    id: `${zoneId(z)}/${rs.type}/${rs.name}`,
    name: rs.name,
    type: `Microsoft.Network/dnszones/${rs.type}`,
    etag: rs.etag,
    properties: {
      ...(rs.metadata ? { metadata: rs.metadata } : {}),
      fqdn,
      TTL: rs.ttl,
      ...rs.data,
      targetResource: rs.targetResourceId ? { id: rs.targetResourceId } : {},
      provisioningState: 'Succeeded',
    },
  };
}

export function publicIpJson(ip: SimPublicIp): unknown {
  return {
    name: ip.name,
    id: `/subscriptions/${ip.subscriptionId}/resourceGroups/${ip.resourceGroup}/providers/Microsoft.Network/publicIPAddresses/${ip.name}`,
    etag: 'W/"00000000-0000-0000-0000-000000000000"',
    location: 'westeurope',
    type: 'Microsoft.Network/publicIPAddresses',
    sku: { name: 'Standard', tier: 'Regional' },
    properties: {
      provisioningState: 'Succeeded',
      publicIPAddressVersion: ip.version,
      publicIPAllocationMethod: ip.ipAddress ? 'Static' : 'Dynamic',
      idleTimeoutInMinutes: 4,
      ...(ip.ipAddress ? { ipAddress: ip.ipAddress } : {}),
      ipTags: [],
    },
  };
}

export function trafficManagerJson(p: SimTrafficManagerProfile): unknown {
  return {
    id: `/subscriptions/${p.subscriptionId}/resourceGroups/${p.resourceGroup}/providers/Microsoft.Network/trafficManagerProfiles/${p.name}`,
    name: p.name,
    type: 'Microsoft.Network/trafficManagerProfiles',
    location: 'global',
    tags: {},
    properties: {
      profileStatus: 'Enabled',
      trafficRoutingMethod: 'Performance',
      dnsConfig: { relativeName: p.relativeName, fqdn: `${p.relativeName}.trafficmanager.net`, ttl: 60 },
      monitorConfig: {
        profileMonitorStatus: 'Online',
        protocol: 'HTTPS',
        port: 443,
        path: '/',
        intervalInSeconds: 30,
        toleratedNumberOfFailures: 3,
        timeoutInSeconds: 10,
      },
      endpoints: [],
    },
  };
}
