import { randomBytes } from 'node:crypto';

/** A record set as Route 53 stores it: values in presentation form, exactly as they will be listed. */
export interface SimRecordSet {
  /** Escaped, lower-case, with a trailing dot (`\052.example.org.`). */
  Name: string;
  Type: string;
  SetIdentifier?: string;
  Weight?: number;
  Region?: string;
  GeoLocation?: { ContinentCode?: string; CountryCode?: string; SubdivisionCode?: string };
  Failover?: 'PRIMARY' | 'SECONDARY';
  MultiValueAnswer?: boolean;
  TTL?: number;
  values?: string[];
  AliasTarget?: { HostedZoneId: string; DNSName: string; EvaluateTargetHealth: boolean };
  HealthCheckId?: string;
  TrafficPolicyInstanceId?: string;
}

/** What a test or the demo adds: a name relative to the zone (`@`, `www`, `*`) or absolute, and no escaping. */
export type RecordSetInput = Omit<SimRecordSet, 'Name' | 'Type' | 'AliasTarget'> & {
  name: string;
  type: string;
  alias?: { hostedZoneId: string; dnsName: string; evaluateTargetHealth?: boolean };
};

export interface SimZone {
  id: string;
  account: string;
  name: string;
  callerReference: string;
  privateZone: boolean;
  comment?: string;
  sets: SimRecordSet[];
}

export interface SimKey {
  accessKeyId: string;
  secretAccessKey: string;
  /** Temporary keys (ASIA…) come with one and are refused without it. */
  sessionToken?: string;
  account: string;
  user: string;
  /** Without route53:List*, every call is AccessDenied. */
  canRead: boolean;
  expired: boolean;
}

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
function randomId(prefix: string, length: number): string {
  return prefix + [...randomBytes(length)].map((b) => ALNUM[b % ALNUM.length]).join('');
}

/** Every byte outside `a-z 0-9 - _` as `\ooo`, as Route 53 lists names; labels kept apart by dots. */
export function escapeName(name: string): string {
  const absolute = name.toLowerCase().replace(/\.?$/, '.');
  return absolute
    .split('.')
    .map((label) =>
      [
        ...Buffer.from(
          label.replace(/\\([0-7]{3})/g, (_, o: string) => String.fromCharCode(parseInt(o, 8))),
          'latin1',
        ),
      ]
        .map((b) => (/[a-z0-9_-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `\\${b.toString(8).padStart(3, '0')}`))
        .join(''),
    )
    .join('.');
}

/** The listing order: the name with its labels reversed (trailing dot kept), then the type, then the identifier. */
export function sortKey(set: Pick<SimRecordSet, 'Name' | 'Type' | 'SetIdentifier'>): [string, string, string] {
  const labels = set.Name.replace(/\.$/, '').split('.').reverse();
  return [`${labels.join('.')}.`, set.Type, set.SetIdentifier ?? ''];
}

export function compareKeys(a: [string, string, string], b: [string, string, string]): number {
  for (let i = 0; i < 3; i++) {
    const [x, y] = [a[i] ?? '', b[i] ?? ''];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

export class SimState {
  readonly zones: SimZone[] = [];
  readonly keys = new Map<string, SimKey>();

  addKey(input: Partial<SimKey> & { temporary?: boolean } = {}): SimKey {
    const temporary = input.temporary ?? input.sessionToken !== undefined;
    const key: SimKey = {
      accessKeyId: input.accessKeyId ?? randomId(temporary ? 'ASIA' : 'AKIA', 16),
      secretAccessKey: input.secretAccessKey ?? randomBytes(30).toString('base64').slice(0, 40),
      ...(temporary ? { sessionToken: input.sessionToken ?? `IQoJb3JpZ2luX2VjE${randomBytes(96).toString('base64')}` } : {}),
      account: input.account ?? '123456789012',
      user: input.user ?? 'dnsferry-reader',
      canRead: input.canRead ?? true,
      expired: input.expired ?? false,
    };
    this.keys.set(key.accessKeyId, key);
    return key;
  }

  /** A hosted zone with its SOA and four apex NS, as Route 53 creates one. */
  addZone(input: { name: string; account?: string; privateZone?: boolean; comment?: string; id?: string }): SimZone {
    const name = escapeName(input.name);
    const zone: SimZone = {
      id: input.id ?? randomId('Z', 20),
      account: input.account ?? '123456789012',
      name,
      callerReference: `dnsferry-sim-${this.zones.length + 1}`,
      privateZone: input.privateZone ?? false,
      ...(input.comment ? { comment: input.comment } : {}),
      sets: [],
    };
    const ns = ['ns-101.awsdns-12.com.', 'ns-902.awsdns-48.net.', 'ns-1203.awsdns-22.org.', 'ns-1804.awsdns-33.co.uk.'];
    this.zones.push(zone);
    this.addRecordSet(zone, {
      name: '@',
      type: 'SOA',
      TTL: 900,
      values: [`${ns[0]} awsdns-hostmaster.amazon.com. 1 7200 900 1209600 86400`],
    });
    if (!zone.privateZone) this.addRecordSet(zone, { name: '@', type: 'NS', TTL: 172800, values: ns });
    return zone;
  }

  addRecordSet(zone: SimZone, input: RecordSetInput): SimRecordSet {
    const { name, alias, type, ...rest } = input;
    const absolute = name === '@' ? zone.name : name.endsWith('.') ? name : `${name}.${zone.name}`;
    const set: SimRecordSet = {
      ...rest,
      Name: escapeName(absolute),
      Type: type.toUpperCase(),
      ...(alias
        ? {
            AliasTarget: {
              HostedZoneId: alias.hostedZoneId,
              DNSName: escapeName(alias.dnsName),
              EvaluateTargetHealth: alias.evaluateTargetHealth ?? false,
            },
          }
        : {}),
    };
    zone.sets.push(set);
    zone.sets.sort((a, b) => compareKeys(sortKey(a), sortKey(b)));
    return set;
  }

  zone(id: string): SimZone | undefined {
    const bare = id.replace(/^\/?hostedzone\//, '');
    return this.zones.find((z) => z.id === bare);
  }
}
