import { defineStore } from 'pinia';
import { computed, ref, shallowRef } from 'vue';
import { givenName, MAX_GIVEN_NAMES, plural, ZoneNameSchema } from '@dnsferry/shared';
import type { BackgroundLink } from '@/jobs/link';
import { registrableDomain } from '@/utils/domain';
import { namesUnder, tabAddresses } from '@/utils/tab-names';
import type { Update } from '@/jobs/messages';
import type { ScanJob } from '@/jobs/scan';
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
  /** A deep scan (the default): thousands of guesses, the NSEC chain when there is one, the names below the names found. */
  const deep = ref(true);
  /** Names the person typed (separated by spaces, commas or lines), asked besides the guesses. */
  const extraNames = ref('');
  /** The addresses the current tab loaded or links to. */
  const tabUrls = shallowRef<string[]>([]);
  /** The host names under the domain among them: asked too. */
  const fromTab = computed(() => {
    const parsed = ZoneNameSchema.safeParse(domain.value);
    return parsed.success ? namesUnder(tabUrls.value, parsed.data) : [];
  });
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
      hint: done ? `${plural(done.records.length, 'record')} scanned` : 'scan a domain',
    };
  });

  /** The tab the popup was opened on: its domain proposed, the host names it shows kept for the scan. */
  async function proposeFromTab(tab: { id: number | undefined; url: string | undefined }): Promise<void> {
    await proposeFromUrl(tab.url);
    tabUrls.value = await tabAddresses(tab.id);
  }

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
    const typed: string[] = [];
    for (const token of extraNames.value.split(/[\s,;]+/).filter((t) => t !== '')) {
      const name = givenName(token, parsed.data);
      if (typeof name === 'object') {
        inputError.value = `Names you know: ${name.problem}.`;
        return false;
      }
      if (name !== '@') typed.push(name);
    }
    inputError.value = null;
    domain.value = parsed.data;
    const names = [...new Set([...typed, ...namesUnder(tabUrls.value, parsed.data)])].slice(0, MAX_GIVEN_NAMES);
    link?.send({
      type: 'scan:start',
      companionUrl: settings.companionUrl,
      domain: parsed.data,
      ...(transfer.value ? { transfer: true } : {}),
      depth: deep.value ? 'deep' : 'quick',
      ...(names.length > 0 ? { names } : {}),
    });
    return true;
  }

  function cancel(): void {
    link?.send({ type: 'cancel', job: 'scan' });
  }

  return {
    proposed,
    domain,
    transfer,
    deep,
    extraNames,
    tabUrls,
    fromTab,
    job,
    running,
    side,
    inputError,
    proposeFromTab,
    proposeFromUrl,
    attach,
    apply,
    start,
    cancel,
  };
});
