import type { LogEntry } from '@/jobs/migrate-events';

/** What a run said (or a dry run would do) about one record, as the review labels it. */
export type OutcomeKind = 'create' | 'replace' | 'update' | 'exists' | 'drift' | 'error';
export interface Outcome {
  kind: OutcomeKind;
  message: string;
}

/**
 * The outcome of a log entry about one record sent, from the fields its event carried (the message is
 * for the reader, not to be parsed); null for entries that are not about one record sent.
 */
export function outcomeOf(e: LogEntry): Outcome | null {
  switch (e.type) {
    case 'record':
      return { kind: e.change === 'update' ? 'update' : e.replaces?.length ? 'replace' : 'create', message: e.message };
    case 'skip':
      return { kind: e.drift ? 'drift' : 'exists', message: e.message };
    case 'error':
      return { kind: 'error', message: e.message };
    default:
      return null;
  }
}
