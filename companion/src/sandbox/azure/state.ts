import { randomUUID } from 'node:crypto';

/** What the simulator holds: Entra ID tenants and principals, ARM subscriptions and the resources DNS aliases point to. */

export interface SimTenant {
  tenantId: string;
  /** e.g. `contoso.onmicrosoft.com`; the token endpoint accepts it in place of the id. */
  domain?: string;
}

export interface SimServicePrincipal {
  tenantId: string;
  clientId: string;
  clientSecret: string;
  /** The principal's object id, which role assignments name. */
  objectId: string;
}

export interface SimToken {
  tenantId: string;
  objectId: string;
  appId: string;
  audience: string;
  expiresAt: number;
}

export interface SimSubscription {
  subscriptionId: string;
  displayName: string;
  tenantId: string;
  state: 'Enabled' | 'Warned' | 'PastDue' | 'Disabled' | 'Deleted';
  /** Object ids with a role assignment that allows reading (e.g. Reader, DNS Zone Contributor). */
  readers: Set<string>;
}

/** A subscription to add: its id is made up when absent; readers are object ids allowed to read it. */
export interface SubscriptionInput {
  tenantId: string;
  displayName: string;
  subscriptionId?: string;
  readers?: string[];
  state?: SimSubscription['state'];
}

export interface SimRecordSet {
  name: string;
  /** Upper case: A, AAAA, CNAME, MX, NS, PTR, SRV, TXT, CAA, SOA, or any other (e.g. DS) to test unknown types. */
  type: string;
  ttl: number;
  /** Record data in wire form, e.g. `{ TXTRecords: [{ value: ['a', 'b'] }] }` or `{ caaRecords: [...] }`. */
  data: Record<string, unknown>;
  /** Set for an alias record set: the ARM id of the target resource. */
  targetResourceId?: string;
  metadata?: Record<string, string>;
  etag: string;
}

export interface SimZone {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
  etag: string;
  nameServers: string[];
  /** Legacy private zones still show up in the 2018-05-01 list with zoneType Private. */
  zoneType: 'Public' | 'Private';
  recordSets: SimRecordSet[];
}

export interface SimPublicIp {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
  /** Absent while a dynamic address is not allocated. */
  ipAddress?: string;
  version: 'IPv4' | 'IPv6';
}

export interface SimTrafficManagerProfile {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
  /** The profile's DNS label: `<relativeName>.trafficmanager.net`. */
  relativeName: string;
}

export interface ZoneRef {
  subscriptionId: string;
  resourceGroup: string;
  name: string;
}

export interface RecordSetInput {
  name: string;
  type: string;
  ttl?: number;
  /** Wire-form record arrays, e.g. `{ ARecords: [{ ipv4Address: '192.0.2.1' }] }`. */
  data?: Record<string, unknown>;
  /** Makes it an alias: the ARM id of a public IP, Traffic Manager profile, record set, CDN endpoint … */
  aliasOf?: string;
  metadata?: Record<string, string>;
}

const eq = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export class SimState {
  readonly tenants: SimTenant[] = [];
  readonly principals: SimServicePrincipal[] = [];
  readonly tokens = new Map<string, SimToken>();
  readonly subscriptions: SimSubscription[] = [];
  readonly zones: SimZone[] = [];
  readonly publicIps: SimPublicIp[] = [];
  readonly trafficManagerProfiles: SimTrafficManagerProfile[] = [];
  private nsCounter = 0;

  addTenant(input: { tenantId?: string; domain?: string } = {}): string {
    const tenant: SimTenant = { tenantId: input.tenantId ?? randomUUID(), ...(input.domain ? { domain: input.domain } : {}) };
    this.tenants.push(tenant);
    return tenant.tenantId;
  }

  findTenant(idOrDomain: string): SimTenant | undefined {
    return this.tenants.find((t) => eq(t.tenantId, idOrDomain) || (t.domain !== undefined && eq(t.domain, idOrDomain)));
  }

  addServicePrincipal(input: { tenantId: string; clientId?: string; clientSecret?: string; objectId?: string }): SimServicePrincipal {
    if (!this.findTenant(input.tenantId)) throw new Error(`unknown tenant ${input.tenantId}`);
    const sp: SimServicePrincipal = {
      tenantId: input.tenantId,
      clientId: input.clientId ?? randomUUID(),
      clientSecret: input.clientSecret ?? `sim~${randomUUID()}`,
      objectId: input.objectId ?? randomUUID(),
    };
    this.principals.push(sp);
    return sp;
  }

  addSubscription(input: SubscriptionInput): string {
    const sub: SimSubscription = {
      subscriptionId: input.subscriptionId ?? randomUUID(),
      displayName: input.displayName,
      tenantId: input.tenantId,
      state: input.state ?? 'Enabled',
      readers: new Set(input.readers ?? []),
    };
    this.subscriptions.push(sub);
    return sub.subscriptionId;
  }

  findSubscription(id: string): SimSubscription | undefined {
    return this.subscriptions.find((s) => eq(s.subscriptionId, id));
  }

  /** Gives a principal read access to a subscription (a role assignment at subscription scope). */
  grant(objectId: string, subscriptionId: string): void {
    const sub = this.findSubscription(subscriptionId);
    if (!sub) throw new Error(`unknown subscription ${subscriptionId}`);
    sub.readers.add(objectId);
  }

  /** Creates a zone the way Azure does: with an SOA and four apex NS records already in it. */
  addZone(input: { subscriptionId: string; resourceGroup: string; name: string; zoneType?: 'Public' | 'Private' }): ZoneRef {
    if (!this.findSubscription(input.subscriptionId)) throw new Error(`unknown subscription ${input.subscriptionId}`);
    const n = String((this.nsCounter++ % 9) + 1).padStart(2, '0');
    const nameServers = [`ns1-${n}.azure-dns.com.`, `ns2-${n}.azure-dns.net.`, `ns3-${n}.azure-dns.org.`, `ns4-${n}.azure-dns.info.`];
    const zone: SimZone = {
      subscriptionId: input.subscriptionId,
      resourceGroup: input.resourceGroup,
      name: input.name.toLowerCase(),
      etag: randomUUID(),
      nameServers,
      zoneType: input.zoneType ?? 'Public',
      recordSets: [],
    };
    this.zones.push(zone);
    const ref: ZoneRef = { subscriptionId: zone.subscriptionId, resourceGroup: zone.resourceGroup, name: zone.name };
    this.addRecordSet(ref, {
      name: '@',
      type: 'SOA',
      ttl: 3600,
      data: {
        SOARecord: {
          host: nameServers[0],
          email: 'azuredns-hostmaster.microsoft.com',
          serialNumber: 1,
          refreshTime: 3600,
          retryTime: 300,
          expireTime: 2419200,
          minimumTTL: 300,
        },
      },
    });
    this.addRecordSet(ref, { name: '@', type: 'NS', ttl: 172800, data: { NSRecords: nameServers.map((nsdname) => ({ nsdname })) } });
    return ref;
  }

  findZone(subscriptionId: string, resourceGroup: string | undefined, name: string): SimZone | undefined {
    return this.zones.find(
      (z) =>
        eq(z.subscriptionId, subscriptionId) && (resourceGroup === undefined || eq(z.resourceGroup, resourceGroup)) && eq(z.name, name),
    );
  }

  /** Adds (or replaces) the record set of that name and type. */
  addRecordSet(ref: ZoneRef, input: RecordSetInput): void {
    const zone = this.findZone(ref.subscriptionId, ref.resourceGroup, ref.name);
    if (!zone) throw new Error(`unknown zone ${ref.name}`);
    const rs: SimRecordSet = {
      name: input.name,
      type: input.type.toUpperCase(),
      ttl: input.ttl ?? 3600,
      data: input.data ?? {},
      ...(input.aliasOf ? { targetResourceId: input.aliasOf } : {}),
      ...(input.metadata ? { metadata: input.metadata } : {}),
      etag: randomUUID(),
    };
    const i = zone.recordSets.findIndex((r) => eq(r.name, rs.name) && r.type === rs.type);
    if (i >= 0) zone.recordSets[i] = rs;
    else zone.recordSets.push(rs);
  }

  addPublicIp(input: Omit<SimPublicIp, 'version'> & { version?: SimPublicIp['version'] }): string {
    const ip: SimPublicIp = { ...input, version: input.version ?? (input.ipAddress?.includes(':') ? 'IPv6' : 'IPv4') };
    this.publicIps.push(ip);
    return `/subscriptions/${ip.subscriptionId}/resourceGroups/${ip.resourceGroup}/providers/Microsoft.Network/publicIPAddresses/${ip.name}`;
  }

  addTrafficManagerProfile(input: Omit<SimTrafficManagerProfile, 'relativeName'> & { relativeName?: string }): string {
    const p: SimTrafficManagerProfile = { ...input, relativeName: input.relativeName ?? input.name.toLowerCase() };
    this.trafficManagerProfiles.push(p);
    return `/subscriptions/${p.subscriptionId}/resourceGroups/${p.resourceGroup}/providers/Microsoft.Network/trafficManagerProfiles/${p.name}`;
  }

  /** The ARM id of a record set, as an alias to it names it. */
  recordSetId(ref: ZoneRef, type: string, name: string): string {
    return `/subscriptions/${ref.subscriptionId}/resourceGroups/${ref.resourceGroup}/providers/Microsoft.Network/dnszones/${ref.name}/${type.toUpperCase()}/${name}`;
  }
}
