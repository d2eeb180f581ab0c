import type { DohClient } from '../dns/doh-client';
import type { NameServer } from '../dns/direct-client';

/**
 * The addresses to ask for the target's answers. With DNSFERRY_TARGET_NS (the sandbox, tests) every
 * query goes there. Otherwise each assigned name server's name is resolved through the DoH resolver
 * and asked on port 53, in the order the target lists them.
 */
export async function targetServers(
  nameServers: string[],
  override: NameServer | null,
  doh: DohClient,
  signal: AbortSignal,
): Promise<NameServer[]> {
  if (override) return [override];
  const servers: NameServer[] = [];
  const failures: string[] = [];
  for (const ns of nameServers) {
    try {
      const reply = await doh.query(ns, 'A', signal);
      for (const a of reply.answers) if (a.record?.type === 'A') servers.push({ host: a.record.content, port: 53 });
      if (!reply.answers.some((a) => a.type === 'A')) failures.push(`${ns}: ${reply.rcode}, no address`);
    } catch (err) {
      if (signal.aborted) throw err;
      failures.push(`${ns}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (servers.length === 0) throw new Error(`the target's name servers could not be found (${failures.join('; ') || 'none assigned'})`);
  return servers;
}
