import type { FromOf } from '@dnsferry/shared';
import type { Provider } from '../provider';
import { readByTransfer, transferLimits } from './adapter';
import { CAPABILITIES } from './capabilities';

/** A zone transfer (AXFR) from a name server that allows it, to the companion's address or a TSIG key. */
export const axfr = {
  title: 'Zone transfer',
  capabilities: CAPABILITIES,
  source: {
    open(deps) {
      const limits = transferLimits(deps.config);
      return { readZone: (zone, opts) => readByTransfer(zone.name, zone.from, limits, opts.signal) };
    },
  },
} satisfies Provider<FromOf<'axfr'>>;
