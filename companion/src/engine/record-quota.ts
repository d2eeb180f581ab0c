import type { MigrateEvent } from '@dnsferry/shared';
import type { RecordQuota, Target, TargetZone } from './ports';
import { reportWhile } from '../flow/report-while';
import { notWritten, type PlannedSet } from './apply';
import type { ZoneTally } from './zone-tally';

/** A zone's writes, in the order they are to go: one phase after the other, each whole before the next starts. */
export type Phases = PlannedSet[][];

/**
 * Holds a zone's writes to the record quota the target sets, before anything is written: the quota and
 * usage are read (only when the run creates records), and when the records to create, net of those it
 * removes, would pass it, the zone fails with the numbers — or, with `partial`, the records that fit
 * are written in the order sent and the others fail. When only the removals make room, they go first,
 * so the zone never holds more than its quota on the way. Returns the phases to write (none when the
 * zone fails: it has then failed every record).
 */
export async function* withinQuota(
  zone: TargetZone | null,
  sets: PlannedSet[],
  ctx: {
    target: Target;
    tally: ZoneTally;
    partial: boolean;
    dryRun: boolean;
    signal: AbortSignal;
    /** What the zone's record `i` is, for the records no set holds (skips already told are not failed again). */
    subjectAt: (i: number) => { type: string; name: string } | undefined;
  },
): AsyncGenerator<MigrateEvent, Phases> {
  const { tally, target } = ctx;
  const creates = sets.reduce((n, p) => n + p.set.creates.length, 0);
  if (creates === 0 || !target.recordQuota) return [sets];
  const info = (message: string): MigrateEvent => ({ type: 'info', zone: tally.zone, message });
  const quota = yield* reportWhile((report) => target.recordQuota?.(zone, { signal: ctx.signal, report }) ?? Promise.resolve(null), info);
  if (!quota) return [sets];
  const room = quota.limit - quota.used;
  if (creates <= room) return [sets];
  const adding = sets.reduce((n, p) => n + net(p), 0);
  // Sets that take away at least as much as they add go first: a batch applies its removals before
  // its creates, so while they are written the count never rises, and after them it only rises.
  const first = sets.filter((p) => net(p) <= 0);
  const then = sets.filter((p) => net(p) > 0);
  if (adding <= room) return [first, then];

  const sentence = quotaSentence(quota, adding);
  if (!ctx.partial) {
    const would = ctx.dryRun ? 'A real run would leave this zone untouched' : 'Zone left untouched';
    yield { type: 'error', zone: tally.zone, message: `${would}: ${sentence}. Send "partial": true to write the records that fit` };
    yield* tally.failRest(ctx.subjectAt, `not migrated: over the zone's record quota (${quotaShort(quota)})`);
    return [];
  }
  let left = room - first.reduce((n, p) => n + net(p), 0);
  let fit = 0;
  for (const p of then) {
    if (net(p) > left) break;
    left -= net(p);
    fit++;
  }
  const kept = then.slice(0, fit);
  const dropped = then.slice(fit);
  const fits = kept.reduce((n, p) => n + p.set.creates.length, 0);
  const notFitting = dropped.reduce((n, p) => n + p.set.creates.length, 0);
  yield info(
    `${sentence}: ${ctx.dryRun ? 'a real run writes' : 'writing'} the ${fits} that fit ("partial": true); ${notFitting} are not written`,
  );
  yield* notWritten(dropped, tally, `not written: the zone's record quota is reached (${quotaShort(quota)})`);
  return [first, kept];
}

/** Records a set adds to the zone, net of those it removes. */
const net = (p: PlannedSet) => p.set.creates.length - p.set.deletes.length;

const count = (n: number) => n.toLocaleString('en-US');

/** `this zone may hold 200 records (Free plan); it holds 12 and the run would add 350`. */
export function quotaSentence(q: RecordQuota, adding: number): string {
  const plan = q.plan ? ` (${q.plan} plan)` : '';
  if (q.scope === 'new-zone')
    return `a new zone at the target may hold ${count(q.limit)} records${plan}; the run would add ${count(adding)}`;
  const holder =
    q.scope === 'account'
      ? `this account may hold ${count(q.limit)} records in all its zones`
      : `this zone may hold ${count(q.limit)} records${plan}`;
  return `${holder}; it holds ${count(q.used)} and the run would add ${count(adding)}`;
}

const quotaShort = (q: RecordQuota) => `${count(q.limit)} records${q.scope === 'account' ? ' in the account' : ''}`;
