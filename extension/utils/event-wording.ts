/**
 * What the companion's messages say that its events do not carry as fields. A `record` event stands
 * for a record created or, in mirror mode, one whose TTL or proxy was set as the source says; a `skip`
 * of a record the target holds may say that its TTL or proxy differ. The popup counts and labels these
 * while the stream runs; `zone-complete` then gives the exact counts. Read here, in one place, so a
 * change of wording at the companion is one change here (and fails the tests that quote it).
 */

/** `→ 192.0.2.1 (updated: proxied → DNS only)`, or in a dry run `would update → …`. */
export function isUpdate(message: string): boolean {
  return message.includes('(updated: ') || message.includes('would update →');
}

/** `→ 192.0.2.1 (replaces 203.0.113.9)`: created in place of the RRset's other records. */
export function isReplacement(message: string): boolean {
  return message.includes('(replaces ');
}

/** `already exists, proxied at the target, DNS only in the source`, or `TTL 1 at the target, 300 in the source`. */
export function isDrift(message: string): boolean {
  return message.includes(' at the target, ') && message.includes(' in the source');
}

/** What a run said (or a dry run would do) about one record, as the review labels it. */
export type OutcomeKind = 'create' | 'replace' | 'update' | 'exists' | 'drift' | 'error';
export interface Outcome {
  kind: OutcomeKind;
  message: string;
}

/** The outcome of a per-record event; null for events that are not about one record sent. */
export function outcomeOf(type: string, message: string): Outcome | null {
  switch (type) {
    case 'record':
      return { kind: isUpdate(message) ? 'update' : isReplacement(message) ? 'replace' : 'create', message };
    case 'skip':
      return { kind: isDrift(message) ? 'drift' : 'exists', message };
    case 'error':
      return { kind: 'error', message };
    default:
      return null;
  }
}
