import { errorSentence } from '@/utils/error-sentence';
import { RefusalError, type Refusal } from '@/utils/pairing';
import type { UndoKeeper } from './undo-keeper';

/*
 * What every kind of job shares: how it ends, its place in the runner, what a run gets from the
 * runner, and how it reads its stream. Each kind (scan.ts, migration.ts, undo.ts, cutover.ts) builds
 * on this; runtime.ts puts them in one table.
 */

/** The kinds of job the background runs, one of each at a time. */
export type JobKind = 'scan' | 'migration' | 'cutover' | 'undo';

export type JobStatus = 'running' | 'done' | 'failed' | 'interrupted' | 'cancelled';
export type EndStatus = Exclude<JobStatus, 'running'>;

/** What a refusal stopped, as the popup's header names it. */
export type RefusedAction = 'dry run' | 'migration' | 'undo' | 'switch check' | 'Cloudflare token' | 'Azure credentials' | 'Route 53 keys';

/** A job's request was not sent: the companion did not prove itself (or this browser is not paired). */
export interface RefusedUpdate {
  type: 'companion:refused';
  what: RefusedAction;
  refusal: Refusal;
}

/**
 * Saves the jobs so a restarted background can still show them (runtime.ts). A migration sends events
 * faster than storage should be written, so while it runs a save waits a moment and takes every change
 * made meanwhile; at a job's start and end the save happens at once.
 */
export interface JobPersister {
  /** Saves the jobs as they are now; a save that was waiting is no longer needed. */
  now(): Promise<void>;
  /** Saves soon, together with any save already waiting. */
  soon(): void;
}

/** What a run of any job needs from the runner that started it; `U` is what the run tells the popup. */
export interface RunContext<U> {
  fetch?: typeof fetch | undefined;
  now: () => number;
  newId: () => string;
  /** How often a run sends the changes it gathered to the popup. */
  flushMs: number;
  emit: (update: U | RefusedUpdate) => void;
  persister: JobPersister;
  /** Where migrations keep their undo data and undos read it. */
  undo?: UndoKeeper | undefined;
}

/**
 * The runner's place for one kind of job. A run puts its job and its abort controller here; when it
 * finds another job in the slot, it was replaced or cleared, and it no longer speaks for the slot.
 */
export interface JobSlot<J> {
  job: J | null;
  abort: AbortController | null;
}

/** Puts a new job in the slot, and returns the controller that stops its stream. */
export function occupy<J>(slot: JobSlot<J>, job: J): AbortController {
  slot.job = job;
  slot.abort = new AbortController();
  return slot.abort;
}

/** A run's stream has ended: its controller leaves the slot, unless a newer run's is there already. */
export function vacate<J>(slot: JobSlot<J>, ac: AbortController): void {
  if (slot.abort === ac) slot.abort = null;
}

/** What a run does with each event of its stream and with each way the stream can end. */
export interface StreamHandlers<E> {
  event(event: E): void;
  /**
   * The companion closed the stream. Whether the terminal event came first is the job's to judge: a
   * stream that closes without it was cut off.
   */
  closed(): void;
  /** The abort signal fired: stopped on request, or replaced by a newer job. */
  cancelled(): void;
  /** Anything else, as a sentence for the person watching. */
  failed(error: string): void;
  /**
   * Nothing was sent: the companion did not prove itself, or this browser is not paired. Told before
   * `failed`, so the popup can show the companion as it is, not only the job's sentence.
   */
  refused?(refusal: Refusal): void;
}

/**
 * Reads a job's stream to its end and says how it ended. An error thrown by a handler counts as a
 * failure of the stream, as one thrown by the stream does.
 */
export async function followStream<E>(events: AsyncIterable<E>, signal: AbortSignal, handlers: StreamHandlers<E>): Promise<void> {
  try {
    for await (const event of events) handlers.event(event);
    handlers.closed();
  } catch (err) {
    if (signal.aborted) return handlers.cancelled();
    if (err instanceof RefusalError) handlers.refused?.(err.refusal);
    handlers.failed(errorSentence(err));
  }
}
