import { AxfrSourceSchema, TSIG_ALGORITHMS, type AxfrSource, type TsigKey } from '@dnsferry/shared';
import { axfrScope } from '@/utils/source-side';
import type { NamedSource } from './descriptor';

/** A transfer's fields: the contract's `axfr` fields, its TSIG key's flattened (`tsig.name` → `tsigName`). */
export type TransferField = Exclude<keyof AxfrSource, 'tsig'> | `tsig${Capitalize<keyof TsigKey>}`;

/**
 * A zone transfer (AXFR): the companion asks `server` for each named zone, signed with a TSIG key when
 * one is given; each zone carries it in the migrate body (`zones[].axfr`). The key's secret is not kept.
 */
export const transferSource: NamedSource<TransferField> = {
  label: 'Zone transfer',
  testid: 'axfr',
  zones: 'named',
  lead: [
    'Ask a DNS server for the whole zone (AXFR): BIND, Windows DNS or PowerDNS servers you run hand it over to an address they allow, often only with a TSIG key.',
  ],
  fields: [
    { name: 'server', label: 'Server', testid: 'server', placeholder: 'ns1.example.com or 192.0.2.53', kept: true },
    { name: 'port', label: 'Port', testid: 'port', placeholder: '53', numeric: true, kept: true },
    { name: 'tsigName', label: 'Key name', testid: 'tsig-name', kept: true },
    { name: 'tsigAlgorithm', label: 'Algorithm', testid: 'tsig-algorithm', options: TSIG_ALGORITHMS, kept: true },
    { name: 'tsigSecret', label: 'Secret', testid: 'tsig-secret', secret: true, kept: false },
  ],
  rows: [
    { fields: ['server', 'port'], columns: '1fr 80px' },
    {
      fields: ['tsigName', 'tsigAlgorithm', 'tsigSecret'],
      columns: '1fr auto 1fr',
      legend: { text: 'TSIG key', hint: '(when the server asks for one)' },
    },
  ],
  note: 'The secret stays in this popup only: closing it forgets the secret.',
  read(v) {
    if (v.server.trim() === '') return { value: null, error: 'Name the server to ask for the transfer.' };
    const p = v.port.trim();
    const withKey = v.tsigName.trim() !== '' || v.tsigSecret.trim() !== '';
    const parsed = AxfrSourceSchema.safeParse({
      server: v.server,
      ...(p ? { port: /^\d+$/.test(p) ? Number(p) : p } : {}),
      ...(withKey ? { tsig: { name: v.tsigName.trim(), algorithm: v.tsigAlgorithm, secret: v.tsigSecret.trim() } } : {}),
    });
    if (!parsed.success) return { value: null, error: parsed.error.issues[0]?.message ?? 'The transfer settings are not valid.' };
    return { value: { axfr: parsed.data }, error: null };
  },
  scope: (read) => (read && 'axfr' in read ? axfrScope(read.axfr) : ''),
  hint: (read, names) => (read && 'axfr' in read && names.length ? `transfer from ${read.axfr.server}` : 'zone transfer'),
};
