import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { ZoneNameSchema } from '@dnsferry/shared';
import type { BackgroundLink } from '@/utils/background-link';
import { registrableDomain } from '@/utils/domain';
import type { Update } from '@/utils/messages';
import type { ScanJob } from '@/utils/scan-state';
import type { SourceSide } from '@/utils/source-side';
import { useSettingsStore } from './settings';

/** The one-shot scan of a live domain; the scan itself runs in the background. */
export const useScanStore = defineStore('scan', () => {
  const settings = useSettingsStore();
  /** The current tab's registrable domain, when it has one. */
  const proposed = ref<string | null>(null);
  const domain = ref('');
  /** Ask the domain's own name servers for a zone transfer first. */
  const transfer = ref(false);
  const job = shallowRef<ScanJob | null>(null);
  const inputError = ref<string | null>(null);
  let link: BackgroundLink | null = null;

  const running = computed(() => job.value?.status === 'running');
  /**
   * A finished scan is one zone of records; a scan sees only the names it guesses, so prune is not
   * offered. The records it set apart (a proxy's address) are offered too, for the review to leave unchecked.
   */
  const side = computed<SourceSide>(() => {
    const done = job.value?.status === 'done' ? job.value : null;
    const edge = done?.edge ?? [];
    const apart = edge.filter((e) => e.setApart).map((e) => e.record);
    return {
      zones: done
        ? [{ name: done.domain, records: apart.length ? [...done.records, ...apart] : done.records, ...(edge.length ? { edge } : {}) }]
        : [],
      request: {},
      scope: '',
      wholeZones: false,
      hint: done ? `${done.records.length} records scanned` : 'scan a domain',
    };
  });

  /** Fills in the tab's domain, unless the person typed one while the suffix list was loading. */
  async function proposeFromUrl(url: string | undefined): Promise<void> {
    const found = await registrableDomain(url);
    proposed.value = found;
    if (found && domain.value === '') domain.value = found;
  }

  function apply(update: Update): void {
    if (update.type === 'snapshot') job.value = update.scan;
    else if (update.type === 'scan') job.value = update.job;
  }

  function attach(l: BackgroundLink): () => void {
    link = l;
    return l.onUpdate(apply);
  }

  function start(value = domain.value): boolean {
    const parsed = ZoneNameSchema.safeParse(value);
    if (!parsed.success) {
      inputError.value = `"${value.trim()}" is not a domain name like example.com.`;
      return false;
    }
    inputError.value = null;
    domain.value = parsed.data;
    link?.send({
      type: 'scan:start',
      companionUrl: settings.companionUrl,
      domain: parsed.data,
      ...(transfer.value ? { transfer: true } : {}),
    });
    return true;
  }

  function cancel(): void {
    link?.send({ type: 'cancel', job: 'scan' });
  }

  return { proposed, domain, transfer, job, running, side, inputError, proposeFromUrl, attach, apply, start, cancel };
});
