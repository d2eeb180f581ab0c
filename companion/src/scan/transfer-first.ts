import type { DnsRecord, ScanEvent } from '@dnsferry/shared';
import { readByTransfer } from '../providers/axfr/adapter';
import type { TransferLimits } from '../providers/axfr/transfer';

/** A DNS server to ask, as the configuration names one (DNSFERRY_TRANSFER_NS). */
export interface ServerAddress {
  host: string;
  port: number;
}

export interface TransferFirstDeps {
  /** The addresses of a name server's name (through the scan's resolver). */
  lookup(host: string, signal: AbortSignal): Promise<string[]>;
  /** Every attempt goes to this server instead of the zone's own (the sandbox, tests). */
  override: ServerAddress | null;
  limits: TransferLimits;
}

/** At most this many of the zone's name servers are asked: one that allows it is usually the first. */
const MAX_SERVERS = 4;

/**
 * Asks the domain's own name servers for the whole zone before any name is guessed: self-hosted
 * servers sometimes allow a transfer, and then nothing is left to guess. Returns the zone's records
 * (its SOA and apex NS left out, as a scan leaves them out) or null when every server refused, having
 * said plainly who refused and why.
 */
export async function* transferFirst(
  zone: string,
  nameServers: string[],
  deps: TransferFirstDeps,
  signal: AbortSignal,
): AsyncGenerator<ScanEvent, DnsRecord[] | null> {
  const asked = deps.override ? [`${deps.override.host}:${deps.override.port}`] : nameServers.slice(0, MAX_SERVERS);
  if (asked.length === 0) {
    yield { type: 'info', message: `${zone} names no name servers to ask for a zone transfer; finding its names by asking instead` };
    return null;
  }
  yield { type: 'progress', message: `Asking ${asked.join(', ')} for a zone transfer of ${zone}` };
  const refusals: string[] = [];
  for (const ns of asked) {
    const servers = deps.override
      ? [deps.override]
      : (await deps.lookup(ns, signal).catch(() => [] as string[])).map((host) => ({ host, port: 53 }));
    if (servers.length === 0) refusals.push(`${ns}: no address found`);
    for (const server of servers.slice(0, 2)) {
      try {
        const content = await readByTransfer(zone, { server: server.host, port: server.port }, deps.limits, signal);
        const records = content.records.filter((r) => r.type !== 'SOA' && !(r.type === 'NS' && r.name === '@'));
        yield { type: 'info', message: `${ns} allowed a zone transfer: the whole zone, nothing guessed (${content.notes.join('; ')})` };
        for (const p of content.problems) yield { type: 'info', message: `${p.type} ${p.name}: ${p.message}` };
        return records;
      } catch (err) {
        if (signal.aborted) throw err;
        refusals.push(`${ns}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  }
  yield {
    type: 'info',
    message: `No zone transfer: ${refusals.join('; ')}. Finding ${zone}'s names by asking instead (names no list holds stay unknown)`,
  };
  return null;
}
