import { relativeName, txtStringsOf } from '@dnsferry/shared';
import type { Answer } from '../dns/message';

/** The record types whose data can name other names: only these have references to follow. */
export const POINTING_TYPES: ReadonlySet<string> = new Set(['MX', 'SRV', 'CNAME', 'NS', 'TXT']);

/**
 * Names inside `zone` that a record points at, relative to it: the targets of MX, SRV, CNAME and NS
 * records, and the hosts named by SPF mechanisms (`include:`, `a:`, `mx:`, `exists:`, `ptr:`,
 * `redirect=`). These are often names no list would guess (`outbound-relay`, `_spf2`).
 */
export function referencedNames(rr: Answer, zone: string): string[] {
  const r = rr.record;
  if (r === null || !POINTING_TYPES.has(r.type)) return [];
  // RFC 7208 §3.3: the strings of one SPF record are joined without a separator
  const targets = r.type === 'TXT' ? spfHosts(Buffer.concat(txtStringsOf(r.content)).toString('utf8')) : [r.content];
  const names = new Set<string>();
  for (const t of targets) {
    const rel = relativeName(t, zone);
    if (rel !== null && rel !== '@') names.add(rel);
  }
  return [...names];
}

export function spfHosts(text: string): string[] {
  if (!/^v=spf1(\s|$)/i.test(text)) return [];
  const hosts: string[] = [];
  for (const term of text.split(/\s+/).slice(1)) {
    const m = /^[+\-~?]?(include|a|mx|exists|ptr):([^/\s]+)/i.exec(term) ?? /^(redirect)=(\S+)/i.exec(term);
    const host = m?.[2];
    // macros (%{d}, %{i}…) expand per message: nothing fixed to probe
    if (host && !host.includes('%')) hosts.push(host);
  }
  return hosts;
}
