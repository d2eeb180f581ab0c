import { TSIG_ALGORITHMS, type FromKind } from '@dnsferry/shared';
import { azureServicePrincipal, cloudflareSourceToken, route53Keys } from './credentials';
import { usageError } from './exit-codes';
import { readInput, readJson } from './input-files';
import type { Runtime } from './runtime';

/** Where a command's records come from: the same flags for migrate and check. */
export const SOURCE_OPTIONS = {
  'zone-file': { type: 'string', multiple: true },
  table: { type: 'string', multiple: true },
  records: { type: 'string', multiple: true },
  azure: { type: 'string' },
  'resource-group': { type: 'string' },
  route53: { type: 'boolean' },
  axfr: { type: 'string' },
  'tsig-key': { type: 'string' },
  'from-account': { type: 'boolean' },
} as const;

export interface SourceFlags {
  'zone-file'?: string[] | undefined;
  table?: string[] | undefined;
  records?: string[] | undefined;
  azure?: string | undefined;
  'resource-group'?: string | undefined;
  route53?: boolean | undefined;
  axfr?: string | undefined;
  'tsig-key'?: string | undefined;
  'from-account'?: boolean | undefined;
}

/** A zone's `from` as the command builds it from flags and files; the endpoint's schema checks it. */
type SentFrom = { kind: FromKind } & Record<string, unknown>;

/** A zone of the request, and where its records come from (`from`; none: the command compares with what the target holds). */
export interface RequestZone {
  name: string;
  from?: SentFrom;
}

/**
 * The zones of a request and where their records come from. One source per run: a file per zone, or
 * one provider for every zone. `required` (migrate) refuses a run that names none; check compares
 * with what Cloudflare holds instead.
 */
export async function requestSources(rt: Runtime, names: readonly string[], v: SourceFlags, required: boolean): Promise<RequestZone[]> {
  const files = v['zone-file'] ?? [];
  const tables = v.table ?? [];
  const recordFiles = v.records ?? [];
  for (const [flag, list] of [
    ['--zone-file', files],
    ['--table', tables],
    ['--records', recordFiles],
  ] as const) {
    if (list.length > 0 && list.length !== names.length) {
      throw usageError(`${names.length} zone(s) and ${list.length} ${flag}: give one ${flag} per zone, in the same order`);
    }
  }
  const chosen = [
    files.length > 0 && '--zone-file',
    tables.length > 0 && '--table',
    recordFiles.length > 0 && '--records',
    v.azure !== undefined && '--azure',
    v.route53 === true && '--route53',
    v.axfr !== undefined && '--axfr',
    v['from-account'] === true && '--from-account',
  ].filter((f): f is string => f !== false);
  if (chosen.length > 1) throw usageError(`${chosen.join(' and ')}: the records come from one source per run`);
  if (chosen.length === 0 && required) {
    throw usageError(
      'say where the records come from: --zone-file FILE (or - for stdin), --table FILE (a records table copied from a dashboard), --records FILE.json, --azure SUBSCRIPTION_ID, --route53, --axfr SERVER or --from-account',
    );
  }
  if (v['resource-group'] !== undefined && v.azure === undefined) throw usageError('--resource-group goes with --azure');
  if (v['tsig-key'] !== undefined && v.axfr === undefined) throw usageError('--tsig-key goes with --axfr');
  if ([...files, ...tables, ...recordFiles].filter((f) => f === '-').length > 1) throw usageError('standard input (-) can be read once');

  // One provider for every zone: its credentials asked once, before any file is read.
  const provider = await providerFrom(rt, v);
  const perZone = async (i: number): Promise<SentFrom | undefined> => {
    const file = files[i];
    const table = tables[i];
    const recordFile = recordFiles[i];
    if (file) return { kind: 'zoneFile', text: await readInput(rt, file, '--zone-file') };
    if (table) return { kind: 'table', text: await readInput(rt, table, '--table') };
    if (recordFile) return { kind: 'records', records: recordsOf(await readJson(rt, recordFile, '--records'), recordFile) };
    return provider;
  };
  const zones: RequestZone[] = [];
  for (const [i, name] of names.entries()) {
    const from = await perZone(i);
    zones.push(from ? { name, from } : { name });
  }
  return zones;
}

/** The provider the flags name for every zone, with its credentials from the environment. */
async function providerFrom(rt: Runtime, v: SourceFlags): Promise<SentFrom | undefined> {
  if (v.azure !== undefined) {
    const group = v['resource-group'] ? { resourceGroup: v['resource-group'] } : {};
    return { kind: 'azure', credentials: await azureServicePrincipal(rt), subscriptionId: v.azure, ...group };
  }
  if (v.route53) return { kind: 'route53', credentials: await route53Keys(rt) };
  if (v.axfr !== undefined) {
    const tsig = v['tsig-key'] === undefined ? undefined : tsigKey(await readInput(rt, v['tsig-key'], '--tsig-key'), v['tsig-key'], rt);
    return { kind: 'axfr', ...serverAndPort(v.axfr), ...(tsig ? { tsig } : {}) };
  }
  if (v['from-account']) return { kind: 'cloudflare', token: await cloudflareSourceToken(rt) };
  return undefined;
}

/** A records file: the array itself, or an object holding `records` (what `dnsferry scan --out` writes). */
function recordsOf(json: unknown, file: string): unknown {
  if (Array.isArray(json)) return json;
  if (json !== null && typeof json === 'object' && 'records' in json) return json.records;
  throw usageError(`--records ${file}: expected a JSON array of records, or an object with "records"`);
}

/** `ns1.example.net`, `192.0.2.53:5353`, `2001:db8::53` or `[2001:db8::53]:5353`; the request's schema checks the host. */
export function serverAndPort(raw: string): { server: string; port?: number } {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(raw);
  const [server, port] = bracketed
    ? [bracketed[1] as string, bracketed[2]]
    : raw.split(':').length === 2
      ? (raw.split(':') as [string, string])
      : [raw, undefined];
  if (port === undefined) return { server };
  const n = Number(port);
  if (!/^\d{1,5}$/.test(port) || n < 1 || n > 65535) throw usageError(`--axfr ${raw}: the port is 1–65535`);
  return { server, port: n };
}

/**
 * A TSIG key file as `tsig-keygen` writes it (and named.conf holds it): `key "name" { algorithm
 * hmac-sha256; secret "base64"; };`. The secret never leaves this request (the redactor knows it).
 */
export function tsigKey(text: string, file: string, rt: Pick<Runtime, 'redactor'>): { name: string; algorithm: string; secret: string } {
  const blocks = [...text.matchAll(/\bkey\s+"?([^"\s{]+)"?\s*\{([^}]*)\}/g)];
  if (blocks.length !== 1) {
    throw usageError(
      `--tsig-key ${file}: expected one key "name" { algorithm …; secret "…"; }; block as tsig-keygen writes it, found ${blocks.length}`,
    );
  }
  const [, name, body] = blocks[0] as unknown as [string, string, string];
  const algorithm = /\balgorithm\s+"?([\w-]+)"?\s*;/.exec(body)?.[1]?.toLowerCase();
  const secret = /\bsecret\s+"([^"]+)"\s*;/.exec(body)?.[1];
  if (secret) rt.redactor.add(secret);
  if (!algorithm || !(TSIG_ALGORITHMS as readonly string[]).includes(algorithm)) {
    throw usageError(`--tsig-key ${file}: the key's algorithm is one of ${TSIG_ALGORITHMS.join(', ')}`);
  }
  if (!secret) throw usageError(`--tsig-key ${file}: the key has no secret "…"; line`);
  return { name, algorithm, secret };
}
