import { RdataError, type RdataReader } from '../rdata';
import type { RecordTypeSpec } from '../spec';

/** Accepted so a whole zone can be sent as it is; the target writes its own, so it is always skipped. */
export const SOA: RecordTypeSpec = {
  code: 6,
  parse(r) {
    const mname = r.name('the primary name server');
    const rname = r.name('the responsible mailbox');
    const times = ['serial', 'refresh', 'retry', 'expire', 'minimum'].map((what) => soaNumber(r, what));
    r.end('SOA');
    return { content: `${mname} ${rname} ${times.join(' ')}` };
  },
  read: (w) => ({ content: `${w.name()} ${w.name()} ${[w.u32(), w.u32(), w.u32(), w.u32(), w.u32()].join(' ')}` }),
};

/** SOA timers may use TTL units (`1h`, `2w`), as BIND allows. */
function soaNumber(r: RdataReader, what: string): number {
  const t = r.next(`the SOA ${what}`).raw;
  const n = /^\d+$/.test(t) ? Number(t) : ttlUnits(t);
  if (n === null || n > 4294967295) throw new RdataError(`the SOA ${what} "${t.slice(0, 30)}" is not a number`);
  return n;
}

/** `1h30m`, `2d`, `1w` → seconds (BIND's TTL units, any case); null when it is not such a value. */
export function ttlUnits(token: string): number | null {
  if (/^\d+$/.test(token)) return Number(token);
  if (!/^(?:\d+[wdhms])+$/i.test(token)) return null;
  const unit: Record<string, number> = { w: 604800, d: 86400, h: 3600, m: 60, s: 1 };
  let total = 0;
  for (const [, n, u] of token.toLowerCase().matchAll(/(\d+)([wdhms])/g)) total += Number(n) * (unit[u ?? 's'] ?? 1);
  return total;
}
