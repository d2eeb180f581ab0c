import type { Provider } from '../provider';
import { readByTransfer, transferLimits } from './adapter';
import { CAPABILITIES } from './capabilities';

/** A zone transfer (AXFR) from a name server that allows it, to the companion's address or a TSIG key. */
export const axfr = {
  title: 'Zone transfer',
  capabilities: CAPABILITIES,
  source: {
    namedBy: 'zone',
    reads: (zone) => zone.axfr !== undefined,
    open(_request, deps) {
      const limits = transferLimits(deps.config);
      return {
        async readZone(zone, opts) {
          if (!zone.axfr) throw new Error(`${zone.name} names no server to transfer it from`);
          return readByTransfer(zone.name, zone.axfr, limits, opts.signal);
        },
      };
    },
  },
} satisfies Provider;
