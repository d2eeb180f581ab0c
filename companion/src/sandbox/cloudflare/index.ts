import { FaultInjector } from './faults';
import { RateLimiter } from './rate-limiter';
import { createRecord } from './routes-records';
import { createZone } from './routes-zones';
import { SimServer } from './server';
import { startDnsServer } from './dns-server';
import { zoneDs } from './dnssec';
import { setParentDs, setParentNameServers } from './parent';
import { startParentDoh, type ParentDoh } from './parent-doh';
import type { CloudflareSim, CloudflareSimOptions, SimZone } from './simulator';
import { ALL_PERMISSIONS, SimState, recordToWire } from './state';

/**
 * In-memory, loopback stand-in for the Cloudflare API v4 (the parts dnsferry uses): token verify, accounts,
 * zones, DNS records and the batch endpoint, with Cloudflare's envelope, pagination, error codes, rate
 * limit and injectable faults. Only tests, benchmarks and the demo import it.
 *
 * Choices where the live API's behaviour is not documented (see errors.ts for which codes are observed):
 * - Expired/disabled tokens: the verify endpoints answer 200 with `status: "expired" | "disabled"` (as the SDK
 *   models it) and no info message; every other endpoint answers 403/9109 "Invalid access token".
 * - A user token on /accounts/{id}/tokens/verify, an account token on /user/tokens/verify, or an account token
 *   verified under another account: 401/1000 "Invalid API Token".
 * - Unknown routes 400/7000; a known path with another method 405/7001; unknown zone id 400/7003; a zone of an
 *   account the token cannot reach 403/10000; unknown record id 404/81044.
 * - Query validation errors (per_page, page, status, order, direction, match) are 400/1001 "Invalid request: …".
 * - Zone creation enforces the name pattern, one label below a public suffix (a small built-in part of the PSL;
 *   enterprise accounts may add subdomains; reverse zones of a prefix, like 2.0.192.in-addr.arpa, on any plan), 1038 for .cf/.ga/.gq/.ml/.tk, 1061 duplicates and 1049 for names
 *   passed to markUnregistered(). New zones are `pending`; zones added with addZone() default to `active`.
 * - Records: A, AAAA, CNAME, MX, NS, PTR, TXT, SRV and CAA only (others 400/9020). NS at the apex is refused.
 *   Records pointing at non-public addresses are `proxiable: false` and cannot be proxied. Tags need a paid plan.
 * - DNS: the zones' name servers answer on one loopback port (UDP and TCP, `dns`), from the records
 *   (dns-answer.ts). The parent is what the test or demo sets (`setDelegation`, `setParentDs`):
 *   activation_check activates a pending zone delegated to its assigned name servers, DNSSEC turns
 *   active once its DS is at the parent (activation.ts, dnssec.ts).
 * - An account adds at most 25 zones per 10 minutes through the API (the docs give the limit, not the
 *   answer): one more is a 429 with Retry-After while the token's Ratelimit header still shows requests left.
 * - Record quotas: a zone holds at most its plan's (Free 200, as zones added since September 2024; Pro and
 *   Business 3,500); an Enterprise zone counts against its account's (1,000,000 for an enterprise account).
 *   One record more is 400/81045 "Record quota exceeded." (code and message as users report them; the
 *   status is a guess), in a batch too (all or nothing). Both usage endpoints answer as the SDK models
 *   them. Seeding (addRecord) may pass the quota, as an older zone may hold more than its plan allows now.
 * - Not modelled: import/export and the 200 requests/s per-IP limit.
 */

export type { CommittedBatch, Permission, TokenStatus } from './state';
export type { FaultConfig } from './faults';
export { CfError } from './errors';
export { onboardedRecords, seedOnboardedZone, sourceZoneFile, type OnboardedZone, type ScannedRecord } from './onboarding';
export type { CloudflareSim, CloudflareSimOptions, SimZone } from './simulator';

export async function startCloudflareSimulator(opts: CloudflareSimOptions = {}): Promise<CloudflareSim> {
  const now = opts.now ?? Date.now;
  const seed = opts.seed ?? 1;
  const state = new SimState(seed, now);
  state.zoneAdditionLimit = opts.zoneAdditionLimit === false ? null : (opts.zoneAdditionLimit ?? { zones: 25, windowMs: 600_000 });
  state.recordQuotas = opts.recordQuotas ?? true;
  const limiter = opts.rateLimit === false ? null : new RateLimiter(opts.rateLimit ?? { limit: 1200, windowMs: 300_000 }, now);
  const faults = new FaultInjector(seed);
  const server = new SimServer({
    state,
    limiter,
    faults,
    latencyMs: opts.latencyMs ?? 0,
    defaultBatchLimit: opts.defaultBatchLimit ?? 200,
  });
  const url = await server.listen();
  const dns = await startDnsServer(state);
  const parents: ParentDoh[] = [];

  const simZone = (id: string): SimZone | undefined => {
    const z = state.zones.get(id);
    return z && { id: z.id, name: z.name, accountId: z.accountId, status: z.status, nameServers: [...z.nameServers], plan: z.plan };
  };

  return {
    url,
    close: async () => {
      await Promise.all([server.close(), dns.close(), ...parents.map((p) => p.close())]);
    },
    addAccount(a) {
      const id = a.id ?? state.newId();
      const type = a.type ?? 'standard';
      // Enterprise accounts hold one quota for all their zones (1,000,000 records unless raised).
      const recordQuota = state.recordQuotas && type === 'enterprise' ? 1_000_000 : null;
      state.accounts.set(id, { id, name: a.name, type, created_on: state.iso(), recordQuota });
      return { id, name: a.name };
    },
    addToken(t) {
      const kind = t.kind ?? 'user';
      // Account-owned tokens carry the cfat_ prefix (token-formats.mdx); user tokens here use the legacy 40-char form.
      const value = t.value ?? (kind === 'account' ? `cfat_${state.randomToken(40)}${state.randomToken(8)}` : state.randomToken(40));
      for (const id of t.accountIds) if (!state.accounts.has(id)) throw new Error(`addToken: unknown account ${id}`);
      const status = t.status ?? 'active';
      const token = {
        value,
        id: state.newId(),
        kind,
        accountIds: [...t.accountIds],
        permissions: new Set(t.permissions ?? ALL_PERMISSIONS),
        status,
        ...(status === 'expired' ? { expires_on: new Date(now() - 86_400_000).toISOString() } : {}),
      };
      state.tokens.set(value, token);
      return value;
    },
    addZone(z) {
      if (!state.accounts.has(z.accountId)) throw new Error(`addZone: unknown account ${z.accountId}`);
      const zone = createZone(state, { accountId: z.accountId, name: z.name, plan: z.plan ?? 'free', status: z.status ?? 'active' }, false);
      return { id: zone.id, name: zone.name, nameServers: [...zone.nameServers] };
    },
    addRecord(zoneId, rec) {
      const zone = state.zones.get(zoneId);
      if (!zone) throw new Error(`addRecord: unknown zone ${zoneId}`);
      return recordToWire(createRecord(state, zone, rec, undefined, false));
    },
    setZoneRecordQuota(zoneId, quota) {
      const zone = state.zones.get(zoneId);
      if (!zone) throw new Error(`setZoneRecordQuota: unknown zone ${zoneId}`);
      zone.recordQuota = quota;
    },
    setAccountRecordQuota(accountId, quota) {
      const account = state.accounts.get(accountId);
      if (!account) throw new Error(`setAccountRecordQuota: unknown account ${accountId}`);
      account.recordQuota = quota;
    },
    markUnregistered(domain) {
      state.unregistered.add(domain.toLowerCase().replace(/\.$/, ''));
    },
    zones() {
      return [...state.zones.keys()].map((id) => simZone(id) as SimZone);
    },
    records(zoneId) {
      const zone = state.zones.get(zoneId);
      if (!zone) return [];
      return [...zone.store.byId.values()].map(recordToWire);
    },
    zoneByName(name, accountId) {
      const z = state.zoneByName(name.replace(/\.$/, ''), accountId);
      return z ? simZone(z.id) : undefined;
    },
    counters: server.counters,
    resetCounters() {
      server.resetCounters();
    },
    requestLog: server.requestLog,
    batches: state.batches,
    setFaults(f) {
      faults.set(f);
    },
    holdWrites(after = 0) {
      return server.holdWrites(after);
    },
    setBatchEnabled(enabled) {
      server.batchEnabled = enabled;
    },
    dns,
    setDelegation(zone, nameServers) {
      setParentNameServers(state, zone, nameServers);
    },
    setParentDs(zone, ds) {
      setParentDs(state, zone, ds);
    },
    async startParentResolver(upstream) {
      const p = await startParentDoh(state, upstream);
      parents.push(p);
      return p;
    },
    zoneDs(zoneId) {
      const zone = state.zones.get(zoneId);
      if (!zone) throw new Error(`zoneDs: unknown zone ${zoneId}`);
      return zoneDs(zone);
    },
  };
}
