import type {
  ProviderFrom,
  RecordType,
  SourceValidateRequest,
  SourceZone,
  SourceZonesRequest,
  Subscription,
  TargetAccount,
} from '@dnsferry/shared';
import type { Config } from '../config';
import type { CutoverTarget, Source, Target, ZoneReader } from '../engine/ports';

/**
 * One provider, as its folder's `index.ts` describes it (as DNSControl's providers/<name>/ do): what it
 * can be — a source, a target, or both —, how its credentials are checked and its zones listed where
 * it has that, and its capabilities. `providers/index.ts` lists them all, one row each.
 */
export interface Provider<F extends ProviderFrom = ProviderFrom> {
  /** As messages and errors name it (`Cloudflare`, `Route 53`). */
  title: string;
  capabilities: Capabilities;
  /** A source of the zones whose `from.kind` is the provider's name in the table. */
  source?: SourceRole<F>;
  target?: TargetRole;
}

/**
 * What a provider holds, stated once in its folder (`capabilities.ts`), as octodns's SUPPORTS and
 * DNSControl's provider capabilities do: the types it holds, what it can proxy, the TTLs it keeps and
 * the numbers it imposes. The adapter reads its limits from there.
 */
export interface Capabilities {
  /** The record types it holds: what a source of it can give, what a target of it can take. */
  types: readonly RecordType[];
  /** The types it can serve through its proxy (none, but for a target with a proxy). */
  proxiable: readonly RecordType[];
  /** The TTLs it keeps, in seconds; `auto` is its "automatic" TTL when it has one. */
  ttl: { min: number; max: number; auto?: number };
  /** Numbers it imposes on a client (page sizes, requests a second…), each named. */
  limits: Readonly<Record<string, number>>;
}

/** What a provider is given to reach its service: the configuration (base URLs, limits) and the fetch for upstream calls. */
export interface ProviderDeps {
  config: Config;
  fetch: typeof fetch;
}

/** A provider as a source: where zones come from, each zone's `from` saying how to reach it (credentials, server, hints). */
export interface SourceRole<F extends ProviderFrom> {
  /** It, for one request; an adapter is opened when a zone first needs it. */
  open(deps: ProviderDeps): Source<F>;
  /** Checks the credentials someone gives, listing what they open (Azure's subscriptions; none for Route 53). */
  validate?(deps: ProviderDeps, request: SourceValidateRequest, signal: AbortSignal): Promise<Subscription[]>;
  /** The public zones the credentials see. */
  listZones?(deps: ProviderDeps, request: SourceZonesRequest, signal: AbortSignal): Promise<SourceZone[]>;
}

/** Who a request writes as at the target: its token, and the account the zones go to. */
export interface TargetLogin {
  token: string;
  accountId: string;
}

/** A token checked, and the accounts it can use. */
export interface TokenCheck {
  accounts: TargetAccount[];
  status: string;
  expiresOn?: string;
}

/** A provider as the target: where zones go. */
export interface TargetRole {
  /** The target for one request's migration or undo. */
  open(deps: ProviderDeps, login: TargetLogin): Target;
  /** The target with what the cutover check asks of it beyond a migration. */
  cutover(deps: ProviderDeps, login: TargetLogin): CutoverTarget;
  /** Checks a token and lists the accounts it can use; someone waits on the answer. */
  validate(deps: ProviderDeps, token: string, accountId: string | undefined, signal: AbortSignal): Promise<TokenCheck>;
  /** The key of the token's share of the event loop (`flow/fair-share.ts`), never the token itself. */
  shareKey(token: string): string;
}

/**
 * A reader whose adapter is loaded when a zone is first read: most runs never read a provider, and the
 * Azure and AWS SDKs are the companion's largest parts.
 */
export function lazySource<Z extends { name: string }>(load: () => Promise<ZoneReader<Z>>): ZoneReader<Z> {
  let loaded: Promise<ZoneReader<Z>> | undefined;
  return {
    async readZone(zone, opts) {
      loaded ??= load();
      return (await loaded).readZone(zone, opts);
    },
  };
}

/**
 * A source that opens one reader per account the zones name (`keyOf`: their credentials), on the first
 * zone that names it: a request's zones read with the same credentials share one client, its sign-in
 * and its pace.
 */
export function perAccount<F extends ProviderFrom>(keyOf: (from: F) => string, open: (from: F) => Source<F>): Source<F> {
  const opened = new Map<string, Source<F>>();
  return {
    readZone(zone, opts) {
      const key = keyOf(zone.from);
      let reader = opened.get(key);
      if (!reader) {
        reader = open(zone.from);
        opened.set(key, reader);
      }
      return reader.readZone(zone, opts);
    },
  };
}
