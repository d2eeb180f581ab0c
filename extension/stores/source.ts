import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { FORM_KINDS } from '@/sources';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import type { SourceSide } from '@/utils/source-side';
import { sourceDraftItem } from '@/utils/storage-items';
import { useSourceFormStore } from './source-form';
import { usePasteSourceStore } from './paste-source';
import { useScanStore } from './scan';

/** The sources, each a store that gives a `side`; a source filled in by a form is a descriptor in `sources/`. */
export const SOURCE_KINDS = ['scan', ...FORM_KINDS, 'manual'] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];
const isKind = (value: unknown): value is SourceKind => SOURCE_KINDS.includes(value as SourceKind);

/** Where the records come from: which source is chosen, and what it offers. */
export const useSourceStore = defineStore('source', () => {
  const kind = ref<SourceKind>('scan');
  const sources = {
    scan: useScanStore(),
    azure: useSourceFormStore('azure'),
    route53: useSourceFormStore('route53'),
    transfer: useSourceFormStore('transfer'),
    account: useSourceFormStore('account'),
    manual: usePasteSourceStore(),
  } satisfies Record<SourceKind, { side: SourceSide }>;
  /** The chosen source's zones, request fields and hint. */
  const side = computed<SourceSide>(() => sources[kind.value].side);

  async function restore(): Promise<void> {
    const [d] = await Promise.all([loadDraft(sourceDraftItem), ...FORM_KINDS.map((k) => sources[k].restore()), sources.manual.restore()]);
    if (isKind(d?.kind)) kind.value = d.kind;
    keepDraft(sourceDraftItem, () => ({ kind: kind.value }));
  }

  return { kind, side, restore };
});
