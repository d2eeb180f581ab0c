import { describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '@dnsferry/shared';
import { CAPABILITIES } from '@dnsferry/companion/providers/azure/capabilities';
import { mapRecordSet } from '@dnsferry/companion/providers/azure/mapping';
import { RecordSetWireSchema } from '@dnsferry/companion/providers/azure/wire';

const set = (type: string) =>
  RecordSetWireSchema.parse({ id: `/x/${type}/www`, name: 'www', type: `Microsoft.Network/dnszones/${type}`, properties: { TTL: 300 } });

describe("Azure's capabilities", () => {
  it('are the record set types the mapping reads, and no other', () => {
    const read = RECORD_TYPES.filter((t) => mapRecordSet(set(t)).kind !== 'problem');
    expect(read).toEqual(RECORD_TYPES.filter((t) => (CAPABILITIES.types as readonly string[]).includes(t)));
    expect(read).toHaveLength(13);
  });

  it('name what is read when a type is refused', () => {
    const refused = mapRecordSet(set('SSHFP'));
    expect(refused).toEqual({
      kind: 'problem',
      message:
        'SSHFP records cannot be carried over by dnsferry (Azure DNS record sets it reads: A, AAAA, CNAME, MX, TXT, SRV, CAA, PTR, NS, DS, TLSA, NAPTR); add them at the target by hand',
    });
  });
});
