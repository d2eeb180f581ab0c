import { defineStore } from 'pinia';
import { computed, ref } from 'vue';
import { plural, ZoneNameSchema, type DnsRecord, type LineIssue, type ZoneNote } from '@dnsferry/shared';
import { validateRow, type ManualRow } from '@/utils/record-rows';
import { keepDraft, loadDraft } from '@/utils/session-draft';
import type { SourceSide } from '@/utils/source-side';
import { pasteDraftItem } from '@/utils/storage-items';
import { useParsedZoneText } from '@/utils/zone-text';

/** Records the user pastes (a zone file, or a records table copied from a DNS host) or types as form rows, for one zone. */
export const usePasteSourceStore = defineStore('paste-source', () => {
  const zone = ref('');
  const text = ref('');
  const rows = ref<ManualRow[]>([]);
  let nextRowId = 1;

  // a long paste is read in a worker: the records follow a moment after the text
  const { parsed, parsing } = useParsedZoneText(text, zone);
  /** What the text was read as, and a table's header row (its columns and separator), for the panel to say. */
  const readAs = computed(() => parsed.value.kind);
  const tableHeader = computed(() => (parsed.value.kind === 'table' ? parsed.value.header : null));
  /** The zone: what the user typed, else the text's $ORIGIN. */
  const zoneName = computed(() => {
    const typed = zone.value.trim();
    const name = ZoneNameSchema.safeParse(typed || (parsed.value.origin ?? ''));
    return name.success ? name.data : null;
  });
  const zoneError = computed(() => {
    if (zone.value.trim() === '' && !parsed.value.origin) return 'Enter the zone (domain) these records belong to.';
    return zoneName.value ? null : `"${zone.value.trim()}" is not a valid domain name.`;
  });
  const rowResults = computed(() => rows.value.map(validateRow));
  const records = computed<DnsRecord[]>(() => [...parsed.value.records, ...rowResults.value.flatMap((r) => (r.record ? [r.record] : []))]);
  const issues = computed<LineIssue[]>(() => parsed.value.issues);
  const notes = computed<ZoneNote[]>(() => parsed.value.notes);
  const invalidRows = computed(() => rowResults.value.filter((r) => r.error !== null).length);

  const side = computed<SourceSide>(() => ({
    zones: zoneName.value && records.value.length > 0 ? [{ name: zoneName.value, records: records.value }] : [],
    request: {},
    scope: '',
    wholeZones: true,
    hint: records.value.length ? plural(records.value.length, 'record') : 'paste records',
  }));

  function addRow(partial: Partial<Omit<ManualRow, 'id'>> = {}): void {
    rows.value.push({ id: nextRowId++, type: 'A', name: '@', ttl: '3600', content: '', priority: '', weight: '', port: '', ...partial });
  }
  function removeRow(id: number): void {
    rows.value = rows.value.filter((r) => r.id !== id);
  }
  function updateRow(id: number, field: keyof Omit<ManualRow, 'id'>, value: string): void {
    const row = rows.value.find((r) => r.id === id);
    if (row) row[field] = value;
  }

  async function restore(): Promise<void> {
    const d = await loadDraft(pasteDraftItem);
    if (d) {
      zone.value = d.zone ?? '';
      text.value = d.text ?? '';
      rows.value = d.rows ?? [];
      nextRowId = Math.max(0, ...rows.value.map((r) => r.id)) + 1;
    }
    keepDraft(pasteDraftItem, () => ({ zone: zone.value, text: text.value, rows: rows.value }));
  }

  return {
    zone,
    text,
    rows,
    parsed,
    parsing,
    readAs,
    tableHeader,
    zoneName,
    zoneError,
    rowResults,
    records,
    issues,
    notes,
    invalidRows,
    side,
    addRow,
    removeRow,
    updateRow,
    restore,
  };
});
