import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { AxfrSourceSchema, type AxfrSource, type TsigAlgorithm } from '@dnsferry/shared';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import { axfrScope, type SourceSide } from '@/utils/source-side';
import { transferDraftItem } from '@/utils/storage-items';
import { zoneNamesOf } from '@/utils/zone-names';
import { useScanStore } from './scan';

/**
 * A zone transfer (AXFR) as the source: the companion asks `server` for the whole zone, signed with a
 * TSIG key when one is given. The key's secret is a credential: held here only, never kept in a draft.
 */
export const useTransferSourceStore = defineStore('transfer-source', () => {
  const scan = useScanStore();
  /** The zones to transfer, as typed; empty = the tab's domain. */
  const zonesText = ref('');
  const server = ref('');
  const port = ref('');
  const tsigName = ref('');
  const tsigAlgorithm = ref<TsigAlgorithm>('hmac-sha256');
  const tsigSecret = ref('');

  const zoneNames = computed(() => zoneNamesOf(zonesText.value, scan.proposed));
  /** The transfer as the request sends it, or the first thing wrong with the form. */
  const axfr = computed<{ value: AxfrSource | null; error: string | null }>(() => {
    if (server.value.trim() === '') return { value: null, error: 'Name the server to ask for the transfer.' };
    const p = port.value.trim();
    const withKey = tsigName.value.trim() !== '' || tsigSecret.value.trim() !== '';
    const parsed = AxfrSourceSchema.safeParse({
      server: server.value,
      ...(p ? { port: /^\d+$/.test(p) ? Number(p) : p } : {}),
      ...(withKey ? { tsig: { name: tsigName.value.trim(), algorithm: tsigAlgorithm.value, secret: tsigSecret.value.trim() } } : {}),
    });
    if (!parsed.success) return { value: null, error: parsed.error.issues[0]?.message ?? 'The transfer settings are not valid.' };
    return { value: parsed.data, error: null };
  });
  const error = computed(() => axfr.value.error ?? zoneNames.value.error);

  const side = computed<SourceSide>(() => {
    const value = axfr.value.value;
    const names = zoneNames.value.names;
    return {
      zones: value ? names.map((name) => ({ name, expected: null, read: { axfr: value } })) : [],
      request: {},
      scope: value ? axfrScope(value) : '',
      wholeZones: true,
      hint: value && names.length ? `transfer from ${value.server}` : 'zone transfer',
    };
  });

  async function restore(): Promise<void> {
    const d = await loadDraft(transferDraftItem);
    if (d) {
      zonesText.value = d.zonesText ?? '';
      server.value = d.server ?? '';
      port.value = d.port ?? '';
      tsigName.value = d.tsigName ?? '';
      if (d.tsigAlgorithm) tsigAlgorithm.value = d.tsigAlgorithm;
    }
    // the secret is left out on purpose: a closed popup forgets it
    keepDraft(transferDraftItem, () => ({
      zonesText: zonesText.value,
      server: server.value,
      port: port.value,
      tsigName: tsigName.value,
      tsigAlgorithm: tsigAlgorithm.value,
    }));
  }

  return { zonesText, server, port, tsigName, tsigAlgorithm, tsigSecret, zoneNames, axfr, error, side, restore };
});
