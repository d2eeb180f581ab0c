import type { FaultConfig } from './faults';
import type { ParentDoh } from './parent-doh';
import type { Plan } from './records';
import type { Counters } from './server';
import type { CommittedBatch, Permission, TokenStatus } from './state';

// The simulator's handle, apart from index.ts that starts it: onboarding.ts takes a simulator and index.ts
// re-exports onboarding.ts, so the handle living in index.ts made an import cycle.

export interface CloudflareSimOptions {
  /** Added to every response. */
  latencyMs?: number;
  /** Default 1,200 requests per 300,000 ms per token; false = off. */
  rateLimit?: { limit: number; windowMs: number } | false;
  /** Injectable clock (ms), so tests and benchmarks can scale time. */
  now?: () => number;
  /** Zones an account may add through the API per window: default 25 per 600,000 ms, as documented; false = off. */
  zoneAdditionLimit?: { zones: number; windowMs: number } | false;
  /** Record quotas by plan (default on); false: no zone or account has one (benchmarks of large zones). */
  recordQuotas?: boolean;
  /** Operations per batch request on Free-plan zones (default 200); paid plans allow 3,500. */
  defaultBatchLimit?: number;
  /** Seed of the PRNG behind fault injection and ids. */
  seed?: number;
}

export interface SimZone {
  id: string;
  name: string;
  accountId: string;
  status: string;
  nameServers: string[];
  plan: Plan;
}

export interface CloudflareSim {
  /** Base URL such as http://127.0.0.1:PORT/client/v4 (what DNSFERRY_CLOUDFLARE_API gets). */
  url: string;
  close(): Promise<void>;
  addAccount(a: { id?: string; name: string; type?: 'standard' | 'enterprise' }): { id: string; name: string };
  addToken(t: {
    value?: string;
    kind?: 'user' | 'account';
    accountIds: string[];
    permissions?: Permission[];
    status?: TokenStatus;
  }): string;
  addZone(z: { accountId: string; name: string; plan?: Plan; status?: string }): { id: string; name: string; nameServers: string[] };
  /** Adds a record as a POST would (same validation and conflict rules); throws CfError when the API would refuse it. */
  addRecord(zoneId: string, rec: object): Record<string, unknown>;
  /** The records a zone may hold (an older Free zone: 1,000); null: its account's quota applies. */
  setZoneRecordQuota(zoneId: string, quota: number | null): void;
  /** The records an account's zones may hold together; null: each zone's own quota applies. */
  setAccountRecordQuota(accountId: string, quota: number | null): void;
  /** Zone creation for this domain answers 1049 "<domain> is not a registered domain". */
  markUnregistered(domain: string): void;
  zones(): SimZone[];
  records(zoneId: string): Array<Record<string, unknown>>;
  /** Without an account: the zone that answers for the name in the DNS. */
  zoneByName(name: string, accountId?: string): SimZone | undefined;
  readonly counters: Counters;
  resetCounters(): void;
  /** The most recent requests (bounded, oldest dropped): path below /client/v4 without the query; status 0 = no answer (reset or held). */
  readonly requestLog: Array<{ method: string; path: string; status: number }>;
  /** The batches that committed (all or nothing), newest last: the records each one removed, patched and added. */
  readonly batches: readonly CommittedBatch[];
  setFaults(f: FaultConfig): void;
  /**
   * Write requests past the first `after` wait, unanswered and not applied, until the returned function
   * is called: a test catches a run in the middle without depending on how fast either side is.
   */
  holdWrites(after?: number): () => void;
  /** false → the batch route answers as an unknown route would (400/7000). */
  setBatchEnabled(enabled: boolean): void;
  /** The name servers answering DNS for every zone (UDP and TCP on one loopback port); see dns-answer.ts. */
  readonly dns: { host: string; port: number; readonly queries: number };
  /** What the parent delegates the zone to now (the activation check compares it with the assigned name servers). */
  setDelegation(zone: string, nameServers: string[]): void;
  /** The DS records at the parent (DNSSEC turns active once the zone's own DS is among them). */
  setParentDs(zone: string, ds: string[]): void;
  /** The DS the zone's DNSSEC key gives (presentation form), whether DNSSEC is on or not. */
  zoneDs(zoneId: string): string;
  /** A DoH resolver showing the parent's NS and DS of these zones, forwarding the rest to `upstream` (the demo's). */
  startParentResolver(upstream: string | null): Promise<ParentDoh>;
}
