import type { RRsetAction } from '@dnsferry/shared';
import { usageError } from './exit-codes';

/** The flags of per-RRset choices, one per action, each given as often as needed: `--replace 'www A'`. */
export const RRSET_OPTIONS = {
  keep: { type: 'string', multiple: true },
  replace: { type: 'string', multiple: true },
  add: { type: 'string', multiple: true },
} as const;

interface Flagged {
  keep?: string[] | undefined;
  replace?: string[] | undefined;
  add?: string[] | undefined;
}

/** One listed RRset, before the contract checks its name and type against its zone. */
interface Listed {
  name: string;
  type: string;
  action: RRsetAction;
}

/**
 * The `rrsets` of each zone named, from `--keep/--replace/--add 'NAME TYPE'`. A name inside one of the
 * zones (`www.example.com`, `example.com.`) goes to that zone; a relative one (`www`, `@`) to each zone.
 */
export function rrsetsByZone(flags: Flagged, zones: readonly string[]): Map<string, Listed[]> {
  const out = new Map<string, Listed[]>(zones.map((z) => [z, []]));
  for (const action of ['keep', 'replace', 'add'] as const) {
    for (const value of flags[action] ?? []) {
      const parts = value.trim().split(/\s+/);
      const type = parts.pop()?.toUpperCase() ?? '';
      const name = parts.join(' ');
      if (!name || !type || parts.length !== 1) {
        throw usageError(`--${action} "${value}": give one RRset as "NAME TYPE", such as --${action} 'www A' (the apex is @)`);
      }
      const bare = name.toLowerCase().replace(/\.$/, '');
      const own = zones.filter((z) => {
        const zone = z.toLowerCase().replace(/\.$/, '');
        return bare === zone || bare.endsWith(`.${zone}`);
      });
      for (const zone of own.length ? own : zones) out.get(zone)?.push({ name, type, action });
    }
  }
  return out;
}
