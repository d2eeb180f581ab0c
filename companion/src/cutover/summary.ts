import type { CutoverZoneReport } from '@dnsferry/shared';

/** The zone-report's one sentence: what is true now, and the next thing to do. */
export function summary(
  report: CutoverZoneReport,
  counts: { mismatchedSets: number; proxied: number; excluded: number; from?: string },
  nsTtl: number | null,
  /** Why the resolver could not say whether the parent holds a DS record; null when it could. */
  unasked: string | null = null,
): string {
  const { mismatchedSets, proxied, excluded } = counts;
  const { parity, dnssec, delegation, targetStatus, nameServers } = report;
  const cached = nsTtl !== null ? `; resolvers may keep the old delegation for up to ${nsTtl} s after the change` : '';
  const notChecked = excluded > 0 ? ` (${excluded} not checked, see the info events)` : '';
  if (!report.ready) {
    const reasons: string[] = [];
    if (parity.checked === 0) {
      reasons.push(
        counts.from === "the target's own records"
          ? "the target holds none of the zone's records besides its own SOA and NS, so there is nothing to compare: migrate them first, or name the source to compare with"
          : `${counts.from ?? 'the request'} gives no record to compare with, so nothing shows the zone would answer`,
      );
    }
    if (parity.matching < parity.checked) {
      const differ = parity.checked - parity.matching;
      reasons.push(
        `${differ} of ${parity.checked} records answer${differ === 1 ? 's' : ''} differently at the target (in ${mismatchedSets} record set${mismatchedSets === 1 ? '' : 's'}); fix them there and check again`,
      );
    }
    // A resolver that could not be asked says nothing about DNSSEC: the verdict names the lookup, not a DS.
    if (unasked !== null) reasons.push(`the resolver could not tell whether the parent holds a DS record (${unasked}); check again`);
    else if (dnssec.blocker) reasons.push('DNSSEC first: see the dnssec message');
    return `Not yet: ${reasons.join('; ')}.`;
  }
  const proxiedNote = proxied > 0 ? `, ${proxied} of them proxied, so answered with the target's own addresses` : '';
  const records = `${parity.checked === 1 ? 'the 1 record answers' : `all ${parity.checked} records answer`} the same${notChecked}${proxiedNote}`;
  if (delegation.switched && targetStatus === 'active')
    return `Done: ${records}, the name servers point at the target and it reports the zone active.`;
  if (delegation.switched) {
    return `Switched: ${records} and the name servers point at the target, which still reports the zone ${targetStatus}; check again, asking the target to activate it${cached}.`;
  }
  return `Ready to switch: ${records}; set the name servers at your registrar to ${nameServers.join(' and ')}${cached}.`;
}
