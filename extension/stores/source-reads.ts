import { defineStore } from 'pinia';
import { shallowRef, watch } from 'vue';
import type { DnsRecord } from '@dnsferry/shared';
import type { MigrationJob } from '@/jobs/migrate-events';
import type { SourceRead } from '@/utils/review-zones';
import { useMigrationStore } from './migration';

/**
 * The records a finished dry run read from the source, per zone read whole: every index of the zone
 * must be in the log (a trimmed log gives nothing rather than a partial zone).
 */
export function sourceReadsOf(job: MigrationJob): Record<string, SourceRead> {
  const reads: Record<string, SourceRead> = {};
  if (!job.dryRun || job.status !== 'done') return reads;
  for (const z of job.zones) {
    if (!z.fromSource || !z.complete || z.error !== null || z.total === null) continue;
    const slots: Array<{ record?: DnsRecord; message: string } | undefined> = Array.from({ length: z.total }, () => undefined);
    for (const e of job.log) {
      if (e.zone !== z.zone || e.index === undefined || e.index < 1 || e.index > z.total) continue;
      if (e.type !== 'record' && e.type !== 'skip' && e.type !== 'error') continue;
      slots[e.index - 1] = { ...(e.record ? { record: e.record } : {}), message: e.message };
    }
    if (slots.some((s) => s === undefined)) continue;
    const records: DnsRecord[] = [];
    const problems: string[] = [];
    for (const s of slots) {
      if (s?.record) records.push(s.record);
      else if (s) problems.push(s.message);
    }
    reads[z.zone] = { records, problems };
  }
  return reads;
}

/**
 * Zones offered by name (Azure, Route 53, a transfer, another account) and read by a dry run, by
 * `scope/zone` (the run's subscription, or the source's scope): then each of their records can be
 * reviewed as if the source had listed it.
 */
export const useSourceReadsStore = defineStore('source-reads', () => {
  const migration = useMigrationStore();
  const reads = shallowRef<Record<string, SourceRead>>({});
  let readJob: string | null = null;
  watch(
    () => [migration.job, migration.job?.status] as const,
    ([job]) => {
      if (!job || job.id === readJob || !job.dryRun || job.status !== 'done') return;
      readJob = job.id;
      const next = { ...reads.value };
      for (const [zone, read] of Object.entries(sourceReadsOf(job))) next[`${job.subscriptionId ?? ''}/${zone}`] = read;
      reads.value = next;
    },
    { immediate: true },
  );
  return { reads };
});
