import { defineStore } from 'pinia';
import { computed, reactive, ref } from 'vue';
import { API, type SourceZone, type Subscription } from '@dnsferry/shared';
import { SOURCE_FORMS, type FormKind } from '@/sources';
import type { SourceDescriptor } from '@/sources/descriptor';
import { postJson } from '@/utils/companion';
import { errorSentence } from '@/utils/error-sentence';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import type { SourceSide } from '@/utils/source-side';
import { sourceFormDraftItem, type SourceFormDraft } from '@/utils/storage-items';
import { zoneNamesOf } from '@/utils/zone-names';
import { toggleAll, toggleName } from '@/utils/zone-choice';
import { useConnectionStore } from './connection';
import { useScanStore } from './scan';
import { useSettingsStore } from './settings';

/**
 * The store of a source filled in by a form (`sources/`: Azure DNS, Route 53, a zone transfer, another
 * account), one per descriptor: the values typed, and either the zones the provider listed and those
 * chosen, or the zones the user named. It gives the `side` the review and the request read.
 */
function defineSourceForm<K extends FormKind, F extends string>(kind: K, d: SourceDescriptor<F>) {
  return defineStore(`${kind}-source` as const, () => {
    const settings = useSettingsStore();
    const connection = useConnectionStore();
    const scan = useScanStore();
    const values = reactive(Object.fromEntries(d.fields.map((f) => [f.name, f.options?.[0] ?? '']))) as Record<F, string>;
    const isField = (name: string): name is F => d.fields.some((f) => f.name === name);
    /** A choice takes only one of its options. */
    const fits = (name: F, value: string) => d.fields.find((f) => f.name === name)?.options?.includes(value) ?? true;

    // listed: what the provider answered, and the zones chosen
    const subscriptions = ref<Subscription[]>([]);
    const subscriptionId = ref('');
    const zones = ref<SourceZone[]>([]);
    const selectedZones = ref<string[]>([]);
    const busy = ref(false);
    const listError = ref<string | null>(null);

    // named: the zones as typed (empty: the tab's domain), and how each is read
    const zonesText = ref('');
    const zoneNames = computed(() => zoneNamesOf(zonesText.value, scan.proposed));
    const read = computed(() => (d.zones === 'named' ? d.read(values, zoneNames.value.names) : { value: null, error: null }));

    const error = computed(() => (d.zones === 'listed' ? listError.value : (read.value.error ?? zoneNames.value.error)));

    const side = computed<SourceSide>(() => {
      if (d.zones === 'listed') {
        const chosen = selectedZones.value;
        return {
          zones: zones.value.filter((z) => chosen.includes(z.name)).map((z) => d.offer(z)),
          request: d.request(values, subscriptionId.value),
          scope: d.scope(subscriptionId.value),
          wholeZones: true,
          hint: d.hint(chosen.length),
        };
      }
      const how = read.value.value;
      const names = zoneNames.value.names;
      return {
        zones: how ? names.map((name) => ({ name, expected: null, read: how })) : [],
        request: {},
        scope: d.scope(how),
        wholeZones: true,
        hint: d.hint(how, names),
      };
    });

    /** Sets a field the form has; a name it does not have, or a choice it does not offer, changes nothing. */
    function set(name: string, value: string): void {
      if (isField(name) && fits(name, value)) values[name] = value;
    }

    function failed(err: unknown): void {
      if (d.zones !== 'listed') return;
      connection.noteFailure(d.credentialsName, err);
      listError.value = errorSentence(err, d.advice);
    }

    /**
     * Checks the credentials (a listed source), then lists the zones they see: at once, or once a
     * subscription is chosen (the only one, or the one chosen before). True when there is something to choose.
     */
    async function validate(fetchImpl?: typeof fetch): Promise<boolean> {
      if (d.zones !== 'listed') return false;
      listError.value = null;
      busy.value = true;
      subscriptions.value = [];
      zones.value = [];
      selectedZones.value = [];
      try {
        const res = await postJson(
          settings.companionUrl,
          API.sourceValidate,
          d.validateBody(values),
          fetchImpl ? { fetch: fetchImpl } : {},
        );
        if (!d.subscriptions) {
          busy.value = false;
          return await loadZones(fetchImpl);
        }
        subscriptions.value = res.subscriptions;
        if (res.subscriptions.length === 0) listError.value = d.none.subscriptions ?? null;
        if (!res.subscriptions.some((s) => s.subscriptionId === subscriptionId.value))
          subscriptionId.value = res.subscriptions.length === 1 ? (res.subscriptions[0]?.subscriptionId ?? '') : '';
        busy.value = false;
        if (subscriptionId.value) await loadZones(fetchImpl);
        return res.subscriptions.length > 0;
      } catch (err) {
        failed(err);
        return false;
      } finally {
        busy.value = false;
      }
    }

    /** Lists the zones the credentials see (in the chosen subscription); true when there is one. */
    async function loadZones(fetchImpl?: typeof fetch): Promise<boolean> {
      if (d.zones !== 'listed') return false;
      listError.value = null;
      zones.value = [];
      selectedZones.value = [];
      if (d.subscriptions && !subscriptionId.value) return false;
      busy.value = true;
      try {
        const res = await postJson(
          settings.companionUrl,
          API.sourceZones,
          d.zonesBody(values, subscriptionId.value),
          fetchImpl ? { fetch: fetchImpl } : {},
        );
        zones.value = [...res.zones].sort((a, b) => a.name.localeCompare(b.name));
        if (res.zones.length === 0) listError.value = d.none.zones;
        return res.zones.length > 0;
      } catch (err) {
        failed(err);
        return false;
      } finally {
        busy.value = false;
      }
    }

    function chooseSubscription(id: string): void {
      subscriptionId.value = id;
      void loadZones();
    }
    function toggleZone(name: string): void {
      selectedZones.value = toggleName(selectedZones.value, name);
    }
    function toggleAllZones(): void {
      selectedZones.value = toggleAll(selectedZones.value, zones.value);
    }

    const draftItem = sourceFormDraftItem<F>(kind);
    const kept = d.fields.filter((f) => f.kept).map((f) => f.name);
    async function restore(): Promise<void> {
      const draft = await loadDraft(draftItem);
      if (draft) {
        for (const name of kept) {
          const v = draft[name];
          if (typeof v === 'string' && fits(name, v)) values[name] = v;
          else if (!d.fields.find((f) => f.name === name)?.options) values[name] = '';
        }
        if (d.zones === 'listed') {
          if (d.subscriptions) {
            subscriptions.value = draft.subscriptions ?? [];
            subscriptionId.value = draft.subscriptionId ?? '';
          }
          zones.value = draft.zones ?? [];
          selectedZones.value = draft.selectedZones ?? [];
        } else zonesText.value = draft.zonesText ?? '';
      }
      // a field that is not kept (a TSIG secret, another account's token) is left out: a closed popup forgets it
      keepDraft(draftItem, (): SourceFormDraft<F> => {
        const form = Object.fromEntries(kept.map((name) => [name, values[name]])) as Record<F, string>;
        if (d.zones === 'named') return { ...form, zonesText: zonesText.value };
        return {
          ...form,
          ...(d.subscriptions ? { subscriptions: subscriptions.value, subscriptionId: subscriptionId.value } : {}),
          zones: zones.value,
          selectedZones: selectedZones.value,
        };
      });
    }

    return {
      descriptor: d,
      values,
      zonesText,
      zoneNames,
      read,
      subscriptions,
      subscriptionId,
      zones,
      selectedZones,
      busy,
      error,
      side,
      set,
      validate,
      loadZones,
      chooseSubscription,
      toggleZone,
      toggleAllZones,
      restore,
    };
  });
}

const STORES = {
  azure: defineSourceForm('azure', SOURCE_FORMS.azure),
  route53: defineSourceForm('route53', SOURCE_FORMS.route53),
  transfer: defineSourceForm('transfer', SOURCE_FORMS.transfer),
  account: defineSourceForm('account', SOURCE_FORMS.account),
} satisfies Record<FormKind, unknown>;

/** The store of the source `kind`. */
export function useSourceFormStore<K extends FormKind>(kind: K): ReturnType<(typeof STORES)[K]> {
  return STORES[kind]() as ReturnType<(typeof STORES)[K]>;
}
