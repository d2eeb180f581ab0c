import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { API, plural, type SourceCredentials, type SourceZone, type Subscription } from '@dnsferry/shared';
import { postJson } from '@/utils/companion';
import { AZURE, errorSentence } from '@/utils/error-sentence';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import type { SourceSide } from '@/utils/source-side';
import { azureDraftItem } from '@/utils/storage-items';
import { toggleAll, toggleName } from '@/utils/zone-choice';
import { useConnectionStore } from './connection';
import { useSettingsStore } from './settings';

export type AzureAuthMethod = SourceCredentials['authMethod'];

/** Azure DNS as the source: credentials → subscriptions → the zones chosen. The companion reads the records. */
export const useAzureSourceStore = defineStore('azure-source', () => {
  const settings = useSettingsStore();
  const connection = useConnectionStore();
  const authMethod = ref<AzureAuthMethod>('servicePrincipal');
  const tenantId = ref('');
  const clientId = ref('');
  const clientSecret = ref('');
  const sourceToken = ref('');
  const subscriptions = ref<Subscription[]>([]);
  const subscriptionId = ref('');
  const zones = ref<SourceZone[]>([]);
  const selectedZones = ref<string[]>([]);
  const busy = ref(false);
  const error = ref<string | null>(null);

  const credentials = computed<SourceCredentials>(() =>
    authMethod.value === 'bearerToken'
      ? { authMethod: 'bearerToken', sourceToken: sourceToken.value.trim() }
      : {
          authMethod: 'servicePrincipal',
          tenantId: tenantId.value.trim(),
          clientId: clientId.value.trim(),
          clientSecret: clientSecret.value.trim(),
        },
  );

  const side = computed<SourceSide>(() => ({
    zones: zones.value
      .filter((z) => selectedZones.value.includes(z.name))
      .map((z) => ({ name: z.name, expected: z.recordCount, resourceGroup: z.resourceGroup })),
    request: { subscriptionId: subscriptionId.value, ...credentials.value },
    scope: subscriptionId.value,
    wholeZones: true,
    hint: selectedZones.value.length ? plural(selectedZones.value.length, 'Azure zone') : 'Azure DNS',
  }));

  async function validate(fetchImpl?: typeof fetch): Promise<boolean> {
    error.value = null;
    busy.value = true;
    subscriptions.value = [];
    zones.value = [];
    selectedZones.value = [];
    try {
      const res = await postJson(settings.companionUrl, API.sourceValidate, credentials.value, fetchImpl ? { fetch: fetchImpl } : {});
      subscriptions.value = res.subscriptions;
      if (res.subscriptions.length === 0) error.value = 'These credentials see no subscription.';
      if (!res.subscriptions.some((s) => s.subscriptionId === subscriptionId.value))
        subscriptionId.value = res.subscriptions.length === 1 ? (res.subscriptions[0]?.subscriptionId ?? '') : '';
      busy.value = false;
      if (subscriptionId.value) await loadZones(fetchImpl);
      return res.subscriptions.length > 0;
    } catch (err) {
      connection.noteFailure('Azure credentials', err);
      error.value = errorSentence(err, AZURE);
      return false;
    } finally {
      busy.value = false;
    }
  }

  async function loadZones(fetchImpl?: typeof fetch): Promise<void> {
    error.value = null;
    zones.value = [];
    selectedZones.value = [];
    if (!subscriptionId.value) return;
    busy.value = true;
    try {
      const res = await postJson(
        settings.companionUrl,
        API.sourceZones,
        { ...credentials.value, subscriptionId: subscriptionId.value },
        fetchImpl ? { fetch: fetchImpl } : {},
      );
      zones.value = [...res.zones].sort((a, b) => a.name.localeCompare(b.name));
      if (res.zones.length === 0) error.value = 'This subscription has no DNS zones.';
    } catch (err) {
      connection.noteFailure('Azure credentials', err);
      error.value = errorSentence(err, AZURE);
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
    const d = await loadDraft(azureDraftItem);
    if (d) {
      if (d.authMethod) authMethod.value = d.authMethod;
      tenantId.value = d.tenantId ?? '';
      clientId.value = d.clientId ?? '';
      clientSecret.value = d.clientSecret ?? '';
      sourceToken.value = d.sourceToken ?? '';
      subscriptions.value = d.subscriptions ?? [];
      subscriptionId.value = d.subscriptionId ?? '';
      zones.value = d.zones ?? [];
      selectedZones.value = d.selectedZones ?? [];
    }
    keepDraft(azureDraftItem, () => ({
      authMethod: authMethod.value,
      tenantId: tenantId.value,
      clientId: clientId.value,
      clientSecret: clientSecret.value,
      sourceToken: sourceToken.value,
      subscriptions: subscriptions.value,
      subscriptionId: subscriptionId.value,
      zones: zones.value,
      selectedZones: selectedZones.value,
    }));
  }

  return {
    authMethod,
    tenantId,
    clientId,
    clientSecret,
    sourceToken,
    subscriptions,
    subscriptionId,
    zones,
    selectedZones,
    busy,
    error,
    credentials,
    side,
    validate,
    loadZones,
    toggleZone,
    toggleAllZones,
    restore,
  };
});
