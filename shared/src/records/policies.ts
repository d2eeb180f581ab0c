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
 * Why `r` cannot join `others` (the records its name will hold): a CNAME stands alone at its name
 * (RFC 1034 §3.6.2), and a name publishes one SPF policy and one DMARC record. Null when it can.
 */
export function clashAtName(r: RecordLike, others: readonly RecordLike[]): string | null {
  if (r.type === 'CNAME' && others.length > 0) {
    return `a CNAME stands alone at its name (RFC 1034 §3.6.2), and ${r.name} also holds ${others.map((o) => o.type).join(', ')}`;
  }
  const cname = others.find((o) => o.type === 'CNAME');
  if (cname) return `${r.name} holds a CNAME, which stands alone at its name (RFC 1034 §3.6.2)`;
  const policy = singlePolicy(r);
  if (policy && others.some((o) => singlePolicy(o) === policy)) return `it would be a second ${policy} record: ${POLICY_RULE[policy]}`;
  return null;
}
