import type { CutoverZoneReport } from '@dnsferry/shared';

/** A zone report as the companion sends it: ready, or with one record that answers differently. */
export function report(zone: string, ready: boolean): CutoverZoneReport {
  return {
    type: 'zone-report',
    zone,
    ready,
    nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
    targetStatus: 'pending',
    delegation: { current: ['ns1.oldhost.example'], switched: false },
    dnssec: { dsAtParent: [], blocker: false, message: 'No DS at the parent: nothing to do.' },
    parity: ready
      ? { checked: 3, matching: 3, mismatches: [] }
      : { checked: 3, matching: 2, mismatches: [{ name: 'www', type: 'A', expected: ['192.0.2.1'], actual: [] }] },
    message: ready ? 'Ready to switch.' : 'Not yet: 1 of 3 records answer differently.',
  };
}
