import type { z } from 'zod';
import type { Endpoint } from '@dnsferry/shared';
import type { Pairing } from '../pairing/pairing';
import type { ProviderDeps } from '../providers/provider';

/*
 * One entry of the operations table (`operations/index.ts`): what an endpoint does, whoever asks. The
 * HTTP app serves each entry at its path (`http/endpoint.ts`: parse, call, send); the command line
 * builds a body and calls the same entry. The limits, the adapters and the fair share are inside, so
 * both front doors get them.
 */

/** What an operation is given: the configuration and the fetch for upstream calls (the command line's runtime has both). */
export type OperationDeps = ProviderDeps;

/** The HTTP app's: also the pairing, which only the pairing endpoints answer from. */
export type AppDeps = OperationDeps & { pairing: Pairing };

/** Who asked, as the HTTP request tells it: the pairing endpoints bind their answers to it. */
export interface Caller {
  origin: string | undefined;
  /** The port the request reached us on (0 when injected in tests). */
  port: number;
}

type Body<E extends Endpoint> = z.output<E['request']['schema']>;
type EventOf<E extends Endpoint> = E['answer'] extends { kind: 'ndjson'; event: infer S extends z.ZodType } ? z.output<S> : never;
type AnswerOf<E extends Endpoint> = E['answer'] extends { kind: 'json'; schema: infer S extends z.ZodType } ? z.output<S> : never;

/**
 * A streaming endpoint: `run` checks what would refuse the request (it throws before any event) and
 * returns the events; `stopped` gives the events that end a stream that failed after its first one.
 */
export interface StreamOperation<B, Ev, D> {
  kind: 'ndjson';
  run(body: B, deps: D, signal: AbortSignal): AsyncIterable<Ev>;
  stopped(err: unknown): Ev[];
}

/** An endpoint with one answer; `caller` is the HTTP request's (the command line gives none). */
export interface AnswerOperation<B, A, D> {
  kind: 'json';
  run(body: B, deps: D, signal: AbortSignal, caller?: Caller): Promise<A>;
}

/** The operation of one endpoint of the contract's table, as its answer kind makes it. */
export type Operation<E extends Endpoint, D = AppDeps> = E['answer'] extends { kind: 'ndjson' }
  ? StreamOperation<Body<E>, EventOf<E>, D>
  : AnswerOperation<Body<E>, AnswerOf<E>, D>;

/** The sentence of a failure that stopped a stream after its first event. */
export const stoppedBy = (what: string, err: unknown): string => `${what}: ${err instanceof Error ? err.message : String(err)}`;
