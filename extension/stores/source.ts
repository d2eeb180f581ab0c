import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import {
  DnsRecordSchema,
  ENDPOINTS,
  SourceValidateResponseSchema,
  SourceZonesResponseSchema,
  ZoneNameSchema,
  type DnsRecord,
  type LineIssue,
  type SourceCredentials,
  type SourceZone,
  type Subscription,
} from '@dnsferry/shared';
import { CompanionError, postJson } from '@/utils/companion';
import { useParsedZoneText } from '@/utils/zone-text';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import { useConnectionStore } from './connection';
import { useSettingsStore } from './settings';

export type SourceKind = 'scan' | 'azure' | 'manual';
export type AzureAuthMethod = SourceCredentials['authMethod'];

/** A record entered as a form row; every field is text until it is validated. */
export interface ManualRow {
  id: number;
  type: string;
  name: string;
  ttl: string;
  content: string;
  priority: string;
  weight: string;
  port: string;
}

export interface RowResult {
  id: number;
  record: DnsRecord | null;
  error: string | null;
}

const DRAFT_KEY = 'dnsferry:draft:source';
interface SourceDraft {
  kind: SourceKind;
  authMethod: AzureAuthMethod;
  tenantId: string;
  clientId: string;
  clientSecret: string;
  sourceToken: string;
  subscriptions: Subscription[];
  subscriptionId: string;
  zones: SourceZone[];
  selectedZones: string[];
  manualZone: string;
  manualText: string;
  rows: ManualRow[];
}

export function azureErrorMessage(err: unknown): string {
  if (!(err instanceof CompanionError)) return err instanceof Error ? err.message : String(err);
  if (err.kind === 'unreachable') return 'The companion does not answer; start it again and retry.';
  if (err.status === 401)
    return `Azure does not accept these credentials. Check the tenant, client id and secret (or get a fresh token). (${err.message})`;
  if (err.status === 403)
    return `These credentials may not read DNS zones. Give the principal the "DNS Zone Contributor" or "Reader" role on the subscription. (${err.message})`;
  return err.message;
}

/** Validates one form row with the shared record schema. */
export function validateRow(row: ManualRow): RowResult {
  const num = (v: string) => (v.trim() === '' ? undefined : Number(v));
  const candidate: Record<string, unknown> = { type: row.type, name: row.name, ttl: num(row.ttl) ?? 3600, content: row.content };
  if (row.type === 'MX' || row.type === 'SRV') candidate.priority = num(row.priority);
  if (row.type === 'SRV') {
    candidate.weight = num(row.weight);
    candidate.port = num(row.port);
  }
  const parsed = DnsRecordSchema.safeParse(candidate);
  if (parsed.success) return { id: row.id, record: parsed.data, error: null };
  const issue = parsed.error.issues[0];
  return {
    id: row.id,
    record: null,
    error: issue ? `${issue.path.length ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'not a valid record',
  };
}

/** Where the records come from: a scan, Azure DNS, or what the user pastes or types. */
export const useSourceStore = defineStore('source', () => {
  const settings = useSettingsStore();
  const connection = useConnectionStore();
  const kind = ref<SourceKind>('scan');

  // ---- Azure ----
  const authMethod = ref<AzureAuthMethod>('servicePrincipal');
  const tenantId = ref('');
  const clientId = ref('');
  const clientSecret = ref('');
  const sourceToken = ref('');
  const subscriptions = ref<Subscription[]>([]);
  const subscriptionId = ref('');
  const zones = ref<SourceZone[]>([]);
  const selectedZones = ref<string[]>([]);
  const azureBusy = ref(false);
  const azureError = ref<string | null>(null);

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

  async function validateAzure(fetchImpl?: typeof fetch): Promise<boolean> {
    azureError.value = null;
    azureBusy.value = true;
    subscriptions.value = [];
    zones.value = [];
    selectedZones.value = [];
    try {
      const res = await postJson(
        settings.companionUrl,
        ENDPOINTS.sourceValidate,
        credentials.value,
        SourceValidateResponseSchema,
        fetchImpl ? { fetch: fetchImpl } : {},
      );
      subscriptions.value = res.subscriptions;
      if (res.subscriptions.length === 0) azureError.value = 'These credentials see no subscription.';
      if (!res.subscriptions.some((s) => s.subscriptionId === subscriptionId.value))
        subscriptionId.value = res.subscriptions.length === 1 ? (res.subscriptions[0]?.subscriptionId ?? '') : '';
      azureBusy.value = false;
      if (subscriptionId.value) await loadZones(fetchImpl);
      return res.subscriptions.length > 0;
    } catch (err) {
      connection.noteFailure('Azure credentials', err);
      azureError.value = azureErrorMessage(err);
      return false;
    } finally {
      azureBusy.value = false;
    }
  }

  async function loadZones(fetchImpl?: typeof fetch): Promise<void> {
    azureError.value = null;
    zones.value = [];
    selectedZones.value = [];
    if (!subscriptionId.value) return;
    azureBusy.value = true;
    try {
      const res = await postJson(
        settings.companionUrl,
        ENDPOINTS.sourceZones,
        { ...credentials.value, subscriptionId: subscriptionId.value },
        SourceZonesResponseSchema,
        fetchImpl ? { fetch: fetchImpl } : {},
      );
      zones.value = [...res.zones].sort((a, b) => a.name.localeCompare(b.name));
      if (res.zones.length === 0) azureError.value = 'This subscription has no DNS zones.';
    } catch (err) {
      connection.noteFailure('Azure credentials', err);
      azureError.value = azureErrorMessage(err);
    } finally {
      azureBusy.value = false;
    }
  }

  function toggleZone(name: string): void {
    selectedZones.value = selectedZones.value.includes(name)
      ? selectedZones.value.filter((z) => z !== name)
      : [...selectedZones.value, name];
  }

  // ---- manual ----
  const manualZone = ref('');
  const manualText = ref('');
  const rows = ref<ManualRow[]>([]);
  let nextRowId = 1;

  // a long paste is read in a worker: the records follow a moment after the text
  const { parsed: parsedText, parsing: manualParsing } = useParsedZoneText(manualText, manualZone);
  /** The zone: what the user typed, else the text's $ORIGIN. */
  const manualZoneName = computed(() => {
    const typed = manualZone.value.trim();
    const parsed = ZoneNameSchema.safeParse(typed || (parsedText.value.origin ?? ''));
    return parsed.success ? parsed.data : null;
  });
  const manualZoneError = computed(() => {
    if (manualZone.value.trim() === '' && !parsedText.value.origin) return 'Enter the zone (domain) these records belong to.';
    return manualZoneName.value ? null : `"${manualZone.value.trim()}" is not a valid domain name.`;
  });
  const rowResults = computed(() => rows.value.map(validateRow));
  const manualRecords = computed<DnsRecord[]>(() => [
    ...parsedText.value.records,
    ...rowResults.value.flatMap((r) => (r.record ? [r.record] : [])),
  ]);
  const manualIssues = computed<LineIssue[]>(() => parsedText.value.issues);
  const manualInvalidRows = computed(() => rowResults.value.filter((r) => r.error !== null).length);

  function addRow(partial: Partial<Omit<ManualRow, 'id'>> = {}): void {
    rows.value.push({ id: nextRowId++, type: 'A', name: '@', ttl: '3600', content: '', priority: '', weight: '', port: '', ...partial });
  }
  function removeRow(id: number): void {
    rows.value = rows.value.filter((r) => r.id !== id);
  }

  async function restore(): Promise<void> {
    const d = await loadDraft<SourceDraft>(DRAFT_KEY);
    if (d) {
      if (d.kind) kind.value = d.kind;
      if (d.authMethod) authMethod.value = d.authMethod;
      tenantId.value = d.tenantId ?? '';
      clientId.value = d.clientId ?? '';
      clientSecret.value = d.clientSecret ?? '';
      sourceToken.value = d.sourceToken ?? '';
      subscriptions.value = d.subscriptions ?? [];
      subscriptionId.value = d.subscriptionId ?? '';
      zones.value = d.zones ?? [];
      selectedZones.value = d.selectedZones ?? [];
      manualZone.value = d.manualZone ?? '';
      manualText.value = d.manualText ?? '';
      rows.value = d.rows ?? [];
      nextRowId = Math.max(0, ...rows.value.map((r) => r.id)) + 1;
    }
    keepDraft<SourceDraft>(DRAFT_KEY, () => ({
      kind: kind.value,
      authMethod: authMethod.value,
      tenantId: tenantId.value,
      clientId: clientId.value,
      clientSecret: clientSecret.value,
      sourceToken: sourceToken.value,
      subscriptions: subscriptions.value,
      subscriptionId: subscriptionId.value,
      zones: zones.value,
      selectedZones: selectedZones.value,
      manualZone: manualZone.value,
      manualText: manualText.value,
      rows: rows.value,
    }));
  }

  return {
    kind,
    authMethod,
    tenantId,
    clientId,
    clientSecret,
    sourceToken,
    subscriptions,
    subscriptionId,
    zones,
    selectedZones,
    azureBusy,
    azureError,
    credentials,
    validateAzure,
    loadZones,
    toggleZone,
    manualZone,
    manualText,
    rows,
    parsedText,
    manualParsing,
    manualZoneName,
    manualZoneError,
    rowResults,
    manualRecords,
    manualIssues,
    manualInvalidRows,
    addRow,
    removeRow,
    restore,
  };
});
