import type { CutoverZoneReport } from '@dnsferry/shared';
import type { TargetDnssec } from '../engine/ports';
import type { Lookup } from './parent';

/**
 * Whether DNSSEC stands in the way of the switch. A DS at the parent that the target does not sign
 * with (its DNSSEC active with a matching DS) makes every validating resolver reject the whole domain
 * once the name servers change: that is a blocker, and the message says the two ways out. A DS the
 * resolver could not look up is a blocker too: the switch is not shown as safe on a guess.
 */
export function dnssecVerdict(
  zoneId: string,
  parent: Lookup<string[]>,
  target: TargetDnssec | { error: string },
): CutoverZoneReport['dnssec'] {
  const targetDs = 'error' in target ? null : target.ds;
  const targetOn = 'error' in target ? null : target.status;
  if (!parent.ok) {
    return {
      dsAtParent: [],
      blocker: true,
      message: `Could not find out whether the parent holds a DS record (${parent.reason}); check again before switching.`,
    };
  }
  const ds = parent.value;
  if (ds.length === 0) {
    return {
      dsAtParent: [],
      blocker: false,
      message:
        targetDs && targetOn !== 'disabled'
          ? `No DS record at the parent, so DNSSEC does not stand in the way. DNSSEC is on at the target: after the switch, add this DS at your registrar to sign the domain: ${targetDs}.`
          : 'No DS record at the parent, so DNSSEC does not stand in the way of the switch.',
    };
  }
  const shown = ds.join(', ');
  if (targetOn === 'active' && targetDs !== null && ds.includes(targetDs)) {
    return {
      dsAtParent: ds,
      blocker: false,
      message: `The DS at the parent (${shown}) matches the target's active DNSSEC key, so the domain stays signed across the switch.`,
    };
  }
  const ttl = parent.ttl !== null ? ` (${parent.ttl} s)` : '';
  const replace =
    targetDs && targetOn !== 'disabled'
      ? `replace the DS at your registrar with the one the target gives: ${targetDs}${targetOn === 'active' ? '' : ` (the target's DNSSEC is ${targetOn}; it turns active once it sees that DS at the parent)`}`
      : `turn on DNSSEC at the target (PATCH /zones/${zoneId}/dnssec with {"status":"active"}, or DNS → Settings in the dashboard) and replace the DS at your registrar with the one it then gives`;
  const unreadable = 'error' in target ? ` (the target's DNSSEC could not be read: ${target.error})` : '';
  return {
    dsAtParent: ds,
    blocker: true,
    message: `The parent holds a DS record (${shown}) that the target does not sign with${unreadable}: after the switch, validating resolvers would reject the whole domain. Before switching, either remove the DS at your registrar and wait for its TTL${ttl} to pass, or ${replace}.`,
  };
}
