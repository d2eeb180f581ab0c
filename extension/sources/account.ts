import { AccountSourceSchema, type AccountSource } from '@dnsferry/shared';
import { ACCOUNT_SCOPE } from '@/utils/source-side';
import type { NamedSource } from './descriptor';

/** Another account's fields, by the contract's names (`zones[].cloudflare`). */
export type AccountField = keyof AccountSource;

/**
 * Another Cloudflare account (moving zones between accounts): the companion reads each named zone there
 * with that account's token, carried by each zone of the migrate body. The token is not kept.
 */
export const accountSource: NamedSource<AccountField> = {
  label: 'Another Cloudflare account',
  testid: 'cf-source',
  zones: 'named',
  lead: [
    'Move zones from another Cloudflare account: their records are read there as they are (proxying, TTLs and comments kept) and written to the account you choose next.',
  ],
  fields: [
    { name: 'token', label: 'API token of the other account', testid: 'token', hint: ['(Zone → DNS → Read)'], secret: true, kept: false },
    { name: 'zoneId', label: 'Zone id', testid: 'zone-id', hint: ['(optional, one zone only: found by name otherwise)'], kept: true },
  ],
  rows: [{ fields: ['token'] }, { fields: ['zoneId'] }],
  note: 'The token stays in this popup only: closing it forgets the token.',
  read(v, names) {
    if (v.token.trim() === '') return { value: null, error: "Enter the other account's API token." };
    const id = v.zoneId.trim().toLowerCase();
    if (id && names.length > 1) return { value: null, error: 'A zone id names one zone: name one zone, or leave the id out.' };
    const parsed = AccountSourceSchema.safeParse({ token: v.token, ...(id ? { zoneId: id } : {}) });
    if (!parsed.success) return { value: null, error: parsed.error.issues[0]?.message ?? 'The account settings are not valid.' };
    return { value: { cloudflare: parsed.data }, error: null };
  },
  scope: () => ACCOUNT_SCOPE,
  hint: (read, names) =>
    read && names.length ? `${names.length === 1 ? names[0] : `${names.length} zones`} from another account` : 'another account',
};
