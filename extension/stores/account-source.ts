import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { AccountSourceSchema, type AccountSource } from '@dnsferry/shared';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import { ACCOUNT_SCOPE, type SourceSide } from '@/utils/source-side';
import { accountDraftItem } from '@/utils/storage-items';
import { zoneNamesOf } from '@/utils/zone-names';
import { useScanStore } from './scan';

/**
 * Another Cloudflare account as the source (moving zones between accounts): the companion reads each
 * zone's records there with that account's token. The token is a credential: never kept in a draft.
 */
export const useAccountSourceStore = defineStore('account-source', () => {
  const scan = useScanStore();
  /** The zones to move, as typed; empty = the tab's domain. */
  const zonesText = ref('');
  const token = ref('');
  /** The zone's id in that account; only for one zone (found by name otherwise). */
  const zoneId = ref('');

  const zoneNames = computed(() => zoneNamesOf(zonesText.value, scan.proposed));
  const account = computed<{ value: AccountSource | null; error: string | null }>(() => {
    if (token.value.trim() === '') return { value: null, error: "Enter the other account's API token." };
    const id = zoneId.value.trim().toLowerCase();
    if (id && zoneNames.value.names.length > 1)
      return { value: null, error: 'A zone id names one zone: name one zone, or leave the id out.' };
    const parsed = AccountSourceSchema.safeParse({ token: token.value, ...(id ? { zoneId: id } : {}) });
    if (!parsed.success) return { value: null, error: parsed.error.issues[0]?.message ?? 'The account settings are not valid.' };
    return { value: parsed.data, error: null };
  });
  const error = computed(() => account.value.error ?? zoneNames.value.error);

  const side = computed<SourceSide>(() => {
    const value = account.value.value;
    const names = zoneNames.value.names;
    return {
      zones: value ? names.map((name) => ({ name, expected: null, read: { cloudflare: value } })) : [],
      request: {},
      scope: ACCOUNT_SCOPE,
      wholeZones: true,
      hint: value && names.length ? `${names.length === 1 ? names[0] : `${names.length} zones`} from another account` : 'another account',
    };
  });

  async function restore(): Promise<void> {
    const d = await loadDraft(accountDraftItem);
    if (d) {
      zonesText.value = d.zonesText ?? '';
      zoneId.value = d.zoneId ?? '';
    }
    // the token is left out on purpose: a closed popup forgets it
    keepDraft(accountDraftItem, () => ({ zonesText: zonesText.value, zoneId: zoneId.value }));
  }

  return { zonesText, token, zoneId, zoneNames, account, error, side, restore };
});
