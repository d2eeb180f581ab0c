import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { API, type Route53Credentials, type SourceZone } from '@dnsferry/shared';
import { postJson } from '@/utils/companion';
import { ROUTE53, errorSentence } from '@/utils/error-sentence';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import { ROUTE53_SCOPE, type SourceSide } from '@/utils/source-side';
import { route53DraftItem } from '@/utils/storage-items';
import { toggleAll, toggleName } from '@/utils/zone-choice';
import { useConnectionStore } from './connection';
import { useSettingsStore } from './settings';

/**
 * AWS Route 53 as the source: access keys → the account's public hosted zones → the zones chosen. The
 * companion reads the records; each zone is sent with its hosted zone id, so it is not looked up by name.
 */
export const useRoute53SourceStore = defineStore('route53-source', () => {
  const settings = useSettingsStore();
  const connection = useConnectionStore();
  const accessKeyId = ref('');
  const secretAccessKey = ref('');
  /** Only for temporary keys (ASIA…). */
  const sessionToken = ref('');
  const zones = ref<SourceZone[]>([]);
  const selectedZones = ref<string[]>([]);
  const busy = ref(false);
  const error = ref<string | null>(null);

  const credentials = computed<Route53Credentials>(() => {
    const token = sessionToken.value.trim();
    return {
      provider: 'route53',
      accessKeyId: accessKeyId.value.trim(),
      secretAccessKey: secretAccessKey.value.trim(),
      ...(token ? { sessionToken: token } : {}),
    };
  });

  const side = computed<SourceSide>(() => ({
    zones: zones.value
      .filter((z) => selectedZones.value.includes(z.name))
      .map((z) => ({ name: z.name, expected: z.recordCount, ...(z.id ? { read: { hostedZoneId: z.id } } : {}) })),
    request: { source: credentials.value },
    scope: ROUTE53_SCOPE,
    wholeZones: true,
    hint: selectedZones.value.length ? `${selectedZones.value.length} Route 53 zones` : 'Route 53',
  }));

  /** Checks the keys, then lists the hosted zones they see. */
  async function validate(fetchImpl?: typeof fetch): Promise<boolean> {
    error.value = null;
    busy.value = true;
    zones.value = [];
    selectedZones.value = [];
    const opts = fetchImpl ? { fetch: fetchImpl } : {};
    try {
      await postJson(settings.companionUrl, API.sourceValidate, credentials.value, opts);
      const res = await postJson(settings.companionUrl, API.sourceZones, credentials.value, opts);
      zones.value = [...res.zones].sort((a, b) => a.name.localeCompare(b.name));
      if (res.zones.length === 0) error.value = 'These keys see no public hosted zone.';
      return res.zones.length > 0;
    } catch (err) {
      connection.noteFailure('Route 53 keys', err);
      error.value = errorSentence(err, ROUTE53);
      return false;
    } finally {
      busy.value = false;
    }
  }

  function toggleZone(name: string): void {
    selectedZones.value = toggleName(selectedZones.value, name);
  }
  function toggleAllZones(): void {
    selectedZones.value = toggleAll(selectedZones.value, zones.value);
  }

  async function restore(): Promise<void> {
    const d = await loadDraft(route53DraftItem);
    if (d) {
      accessKeyId.value = d.accessKeyId ?? '';
      secretAccessKey.value = d.secretAccessKey ?? '';
      sessionToken.value = d.sessionToken ?? '';
      zones.value = d.zones ?? [];
      selectedZones.value = d.selectedZones ?? [];
    }
    // as Azure's secret: in storage.session, which lives in memory and is gone when the browser closes
    keepDraft(route53DraftItem, () => ({
      accessKeyId: accessKeyId.value,
      secretAccessKey: secretAccessKey.value,
      sessionToken: sessionToken.value,
      zones: zones.value,
      selectedZones: selectedZones.value,
    }));
  }

  return {
    accessKeyId,
    secretAccessKey,
    sessionToken,
    zones,
    selectedZones,
    busy,
    error,
    credentials,
    side,
    validate,
    toggleZone,
    toggleAllZones,
    restore,
  };
});
