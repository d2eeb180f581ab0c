import type { Api } from '@dnsferry/shared';
import type { AppDeps, Operation } from './operation';

/*
 * Pairing of a browser extension (two steps), and the proof it asks for before it sends a credential.
 * Each answer is bound to the caller the HTTP request names: its Origin and the port it reached.
 */

export const pair = {
  kind: 'json',
  run: (body, deps, _signal, caller) => deps.pairing.pair(caller?.origin, caller?.port ?? 0, body),
} satisfies Operation<Api['pair'], AppDeps>;

export const pairConfirm = {
  kind: 'json',
  run: (body, deps, _signal, caller) => deps.pairing.confirm(caller?.origin, body),
} satisfies Operation<Api['pairConfirm'], AppDeps>;

export const pairProof = {
  kind: 'json',
  run: (body, deps, _signal, caller) => deps.pairing.prove(caller?.origin, caller?.port ?? 0, body.nonce),
} satisfies Operation<Api['pairProof'], AppDeps>;
