import { txtText } from './txt';

/**
 * What DNS allows a name to hold only once. Adding beside what is there must never break these, so
 * add mode refuses such a record before it is sent (mirror mode replaces instead).
 */

interface RecordLike {
  type: string;
  name: string;
  content: string;
}

/** A TXT policy a name may publish only once: an SPF policy, or a DMARC record at `_dmarc`. */
export type SinglePolicy = 'SPF' | 'DMARC';

export function singlePolicy(r: RecordLike): SinglePolicy | null {
  if (r.type !== 'TXT') return null;
  const value = txtText(r.content).trimStart();
  if (/^v=spf1(?:\s|$)/i.test(value)) return 'SPF';
  if ((r.name === '_dmarc' || r.name.startsWith('_dmarc.')) && /^v=DMARC1\s*(?:;|$)/i.test(value)) return 'DMARC';
  return null;
}

const POLICY_RULE: Record<SinglePolicy, string> = {
  SPF: 'two SPF policies at one name are a permanent error, and receivers then fail SPF for all its mail (RFC 7208 §4.5)',
  DMARC: 'with two DMARC records at one name, receivers apply neither (RFC 7489 §6.6.3)',
};

/**
 * Whether records of types `a` and `b` cannot share the name `name` (relative to the zone, `@` the apex).
 * A CNAME stands alone at its name (RFC 1034 §3.6.2), except at the apex: the target flattens a CNAME
 * there (it answers with the target's addresses), so the CNAME may sit beside MX, TXT and the rest, but
 * not beside A or AAAA (which would answer in its place) or a second CNAME (Cloudflare 81053/81054).
 */
export function cnameClash(name: string, a: string, b: string): boolean {
  if (a !== 'CNAME' && b !== 'CNAME') return false;
  if (name !== '@') return true;
  const other = a === 'CNAME' ? b : a;
  return other === 'A' || other === 'AAAA' || other === 'CNAME';
}

/**
 * Why `r` cannot join `others` (the records its name will hold): a CNAME stands alone at its name but
 * at the apex (`cnameClash`), and a name publishes one SPF policy and one DMARC record. Null when it can.
 */
export function clashAtName(r: RecordLike, others: readonly RecordLike[]): string | null {
  const clashing = others.filter((o) => cnameClash(r.name, r.type, o.type));
  const rule =
    r.name === '@'
      ? 'at the apex a CNAME is flattened and may sit beside other records, but not beside A, AAAA or another CNAME'
      : 'a CNAME stands alone at its name (RFC 1034 §3.6.2)';
  if (r.type === 'CNAME' && clashing.length > 0) return `${rule}, and ${r.name} also holds ${clashing.map((o) => o.type).join(', ')}`;
  if (clashing.length > 0) return `${r.name} holds a CNAME: ${rule}`;
  const policy = singlePolicy(r);
  if (policy && others.some((o) => singlePolicy(o) === policy)) return `it would be a second ${policy} record: ${POLICY_RULE[policy]}`;
  return null;
}
