import { RecordBudget } from '../records/record-budget';
import type { CutoverEvent, CutoverZoneReport, DnsRecord, SourcedZone } from '@dnsferry/shared';
import type { CutoverTarget, Source, TargetDnssec, TargetZone } from '../engine/ports';
import type { DohClient } from '../dns/doh-client';
import { DnsQueryError, type DirectDnsClient, type NameServer } from '../dns/direct-client';
import { dnssecVerdict } from './dnssec';
import { expectedRecords } from './expected';
import { targetServers } from './name-servers';
import { delegationNs, parentDs } from './parent';
import { interleave } from '../flow/interleave';
import { CONCURRENCY, checkParity, type AskTarget } from './parity';
import { QueryPace } from '../flow/query-pace';
import type { Slice } from '../flow/fair-share';
import { summary } from './summary';

export interface CutoverInput {
  zones: SourcedZone[];
  requestActivation: boolean;
  /** Records the request may carry, zone files included (DNSFERRY_MAX_RECORDS): each is one DNS question at most. */
  maxRecords?: number;
  /** DNS queries a second this check may send to the target's name servers, all its zones together (DNSFERRY_CUTOVER_QPS); none: unpaced. */
  queriesPerSecond?: number;
}

export interface CutoverDeps {
  target: CutoverTarget;
  /** Present when the request carries source credentials. */
  source?: Source;
  /** The resolver that shows what the world sees: delegation and DS at the parent. */
  doh: DohClient;
  /** Asks the target's name servers directly. */
  dns: DirectDnsClient;
  /** DNSFERRY_TARGET_NS: where queries for the target's name servers go instead (sandbox, tests). */
  targetNs: NameServer | null;
  /** The caller's share of the event loop: reading a large zone file gives way to other callers. */
  slice?: Slice;
}

/** Zones checked side by side; each asks up to 64 names and types at a time. */
const ZONES_AT_ONCE = 4;

/**
 * The cutover check: status/info events, exactly one zone-report per zone (also when the zone fails:
 * then it says why and is not ready), and one `done` last with the zones in the order asked. Up to
 * ZONES_AT_ONCE zones run at once; a zone's own events stay in order. It writes nothing at the target,
 * except an activation check when asked to and the delegation already points there.
 */
export async function* cutoverCheck(
  input: CutoverInput,
  deps: CutoverDeps,
  { signal }: { signal: AbortSignal },
): AsyncGenerator<CutoverEvent> {
  const ready = input.zones.map(() => false);
  deps.target.expectZones?.(input.zones.map((z) => z.name));
  const budget = input.maxRecords !== undefined ? RecordBudget.forRequest(input.maxRecords, input.zones) : undefined;
  // one pace for the request: its zones side by side share it
  const pace = input.queriesPerSecond !== undefined ? new QueryPace(input.queriesPerSecond, CONCURRENCY) : undefined;
  async function* zone(entry: SourcedZone): AsyncGenerator<CutoverEvent> {
    const report = yield* checkZone(entry, input.requestActivation, deps, signal, budget, pace);
    if (!signal.aborted) yield report;
  }
  try {
    for await (const { index, value } of interleave(
      input.zones.map((entry) => () => zone(entry)),
      ZONES_AT_ONCE,
    )) {
      if (signal.aborted) return;
      if (value.type === 'zone-report') ready[index] = value.ready;
      yield value;
    }
  } catch (err) {
    // The client went away: stop quietly, as a migration does; nothing is left to tell anyone.
    if (signal.aborted) return;
    throw err;
  }
  if (signal.aborted) return;
  yield { type: 'done', results: input.zones.map((z, i) => ({ zone: z.name, ready: ready[i] ?? false })) };
}

const host = (ns: string) => ns.toLowerCase().replace(/\.$/, '');
const sameSet = (a: string[], b: string[]) => {
  const x = new Set(a.map(host));
  const y = new Set(b.map(host));
  return x.size === y.size && [...x].every((n) => y.has(n));
};

async function* checkZone(
  entry: SourcedZone,
  requestActivation: boolean,
  deps: CutoverDeps,
  signal: AbortSignal,
  budget: RecordBudget | undefined,
  pace: QueryPace | undefined,
): AsyncGenerator<CutoverEvent, CutoverZoneReport> {
  const zone = entry.name;
  const report: CutoverZoneReport = {
    type: 'zone-report',
    zone,
    ready: false,
    nameServers: [],
    targetStatus: 'missing',
    delegation: { current: [], switched: false },
    dnssec: { dsAtParent: [], blocker: false, message: '' },
    parity: { checked: 0, matching: 0, mismatches: [] },
    message: '',
  };
  yield { type: 'status', zone, message: `Checking ${zone}` };

  // What the world sees does not depend on the target: asked first, side by side.
  const [ns, ds] = await Promise.all([delegationNs(deps.doh, zone, signal), parentDs(deps.doh, zone, signal)]);
  report.delegation.current = ns.ok ? ns.value : [];
  if (ns.ok) {
    const ttl = ns.ttl !== null ? ` (NS TTL ${ns.ttl} s: resolvers may keep this delegation that long after a change)` : '';
    yield {
      type: 'info',
      zone,
      message:
        ns.value.length > 0 ? `The parent delegates ${zone} to ${ns.value.join(', ')}${ttl}` : `${zone} is not delegated at the parent`,
    };
  } else {
    yield { type: 'info', zone, message: `The delegation of ${zone} could not be looked up: ${ns.reason}` };
  }

  let targetZone: TargetZone | null;
  try {
    targetZone = await deps.target.lookupZone(zone, { signal });
  } catch (err) {
    if (signal.aborted) throw err;
    report.dnssec = dnssecVerdict('', ds, { error: errorText(err) });
    report.message = `The check could not reach the target: ${errorText(err)}`;
    return report;
  }
  if (!targetZone) {
    report.dnssec = dnssecVerdict('', ds, { status: 'disabled', ds: null });
    report.message = `${zone} is not at the target yet: run the migration first, then check again.`;
    return report;
  }
  const found = targetZone;
  report.nameServers = found.nameServers.map(host);
  report.delegation.switched = ns.ok && report.nameServers.length > 0 && sameSet(report.delegation.current, report.nameServers);

  try {
    const [status, dnssec] = await Promise.all([
      deps.target.zoneStatus(found, { signal }),
      deps.target.dnssec(found, { signal }).catch((err: unknown): { error: string } => {
        if (signal.aborted) throw err;
        return { error: errorText(err) };
      }),
    ]);
    report.targetStatus = status;
    report.dnssec = dnssecVerdict(found.id, ds, dnssec satisfies TargetDnssec | { error: string });

    if (requestActivation && report.delegation.switched && status === 'pending') {
      yield { type: 'info', zone, message: 'The name servers point at the target: asking the target to check the zone again' };
      await deps.target.requestActivationCheck(found, { signal });
      report.targetStatus = await deps.target.zoneStatus(found, { signal });
      yield { type: 'info', zone, message: `The target now reports ${zone} as ${report.targetStatus}` };
    }

    // Listed once: the proxied flags, and the expected records when nothing else gives them.
    let listed: Promise<DnsRecord[]> | undefined;
    const targetRecords = () => (listed ??= deps.target.listRecords(found, { signal }).then((held) => held.map((h) => h.record)));
    const expected = await expectedRecords(
      entry,
      { ...(deps.source ? { source: deps.source } : {}), targetRecords, rules: deps.target.rules },
      signal,
      budget,
      deps.slice,
    );
    for (const note of expected.notes) yield { type: 'info', zone, message: note };
    if (expected.excluded.length > 0) {
      yield {
        type: 'info',
        zone,
        message: `${expected.excluded.length} record${expected.excluded.length === 1 ? ' is' : 's are'} not checked: ${expected.excluded.slice(0, 20).join('; ')}${expected.excluded.length > 20 ? '; …' : ''}`,
      };
    }
    yield {
      type: 'info',
      zone,
      message: `Comparing ${expected.records.length} record${expected.records.length === 1 ? '' : 's'} from ${expected.from} with the answers of ${report.nameServers.join(', ')}`,
    };

    const servers = await targetServers(report.nameServers, deps.targetNs, deps.doh, signal);
    const parity = await checkParity(
      zone,
      expected.records,
      await targetRecords(),
      askFirstThatAnswers(deps.dns, servers, signal, pace),
      signal,
      expected.alongside,
    );
    report.parity = { checked: parity.checked, matching: parity.matching, mismatches: parity.mismatches };
    if (parity.proxied > 0) {
      yield {
        type: 'info',
        zone,
        message:
          parity.proxied === 1
            ? "1 proxied record answers with the target's own addresses; it counts as matching because the target reports it proxied"
            : `${parity.proxied} proxied records answer with the target's own addresses; they count as matching because the target reports them proxied`,
      };
    }
    // Nothing to compare proves nothing: a zone an undo emptied would otherwise pass, and the switch leave it unanswered.
    report.ready = parity.checked > 0 && parity.matching === parity.checked && !report.dnssec.blocker;
    report.message = summary(
      report,
      { mismatchedSets: parity.mismatchedSets, proxied: parity.proxied, excluded: expected.excluded.length, from: expected.from },
      ns.ok ? ns.ttl : null,
      ds.ok ? null : ds.reason,
    );
  } catch (err) {
    if (signal.aborted) throw err;
    report.ready = false;
    report.message = `The check failed: ${errorText(err)}`;
  }
  return report;
}

/**
 * Each query goes to the first server; one that does not answer is passed over for the next. Every
 * query sent, a retry at the next server too, waits for the request's pace: at most one per RRset
 * and server, so a request's queries are bounded by its record limit, and their rate by the pace.
 */
function askFirstThatAnswers(dns: DirectDnsClient, servers: NameServer[], signal: AbortSignal, pace?: QueryPace): AskTarget {
  return async (fqdn, type, relName) => {
    let last: Error | null = null;
    for (const server of servers) {
      await pace?.take(signal);
      try {
        return await dns.query(server, fqdn, type, relName, signal);
      } catch (err) {
        if (signal.aborted) throw err;
        last = err instanceof Error ? err : new DnsQueryError(String(err));
      }
    }
    throw last ?? new DnsQueryError('no name server to ask');
  };
}

function errorText(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
