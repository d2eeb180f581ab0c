import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import type { SourceSide } from '@/utils/source-side';
import { sourceDraftItem } from '@/utils/storage-items';
import { useAccountSourceStore } from './account-source';
import { useAzureSourceStore } from './azure-source';
import { usePasteSourceStore } from './paste-source';
import { useRoute53SourceStore } from './route53-source';
import { useScanStore } from './scan';
import { useTransferSourceStore } from './transfer-source';

/** The sources, each a store of its own that gives a `side`; a new source is one more entry here. */
export const SOURCE_KINDS = ['scan', 'azure', 'route53', 'transfer', 'account', 'manual'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
const isKind = (value: unknown): value is SourceKind => SOURCE_KINDS.includes(value as SourceKind);

/** Where the records come from: which source is chosen, and what it offers. */
export const useSourceStore = defineStore('source', () => {
  const kind = ref<SourceKind>('scan');
  const sources = {
    scan: useScanStore(),
    azure: useAzureSourceStore(),
    route53: useRoute53SourceStore(),
    transfer: useTransferSourceStore(),
    account: useAccountSourceStore(),
    manual: usePasteSourceStore(),
  } satisfies Record<SourceKind, { side: SourceSide }>;
  /** The chosen source's zones, request fields and hint. */
  const side = computed<SourceSide>(() => sources[kind.value].side);

  async function restore(): Promise<void> {
    const [d] = await Promise.all([
      loadDraft(sourceDraftItem),
      sources.azure.restore(),
      sources.route53.restore(),
      sources.transfer.restore(),
      sources.account.restore(),
      sources.manual.restore(),
    ]);
    if (isKind(d?.kind)) kind.value = d.kind;
    keepDraft(sourceDraftItem, () => ({ kind: kind.value }));
  }

  return { kind, side, restore };
});
