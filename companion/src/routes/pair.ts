import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API, type PairConfirmResponse, type PairProofResponse, type PairResponse } from '@dnsferry/shared';
import { handle } from '../http/endpoint';
import type { Pairing } from '../pairing/pairing';

/** The port this request reached us on (0 when injected in tests): proofs are bound to it. */
const localPort = (request: FastifyRequest): number => request.socket.localPort ?? 0;

/** Pairing of a browser extension (two steps), and the proof it asks for before it sends a credential. */
export function registerPair(app: FastifyInstance, pairing: Pairing): void {
  handle(app, API.pair, async (body, request): Promise<PairResponse> => {
    return pairing.pair(request.headers.origin, localPort(request), body);
  });
  handle(app, API.pairConfirm, async (body, request): Promise<PairConfirmResponse> => {
    return pairing.confirm(request.headers.origin, body);
  });
  handle(app, API.pairProof, async (body, request): Promise<PairProofResponse> => {
    return pairing.prove(request.headers.origin, localPort(request), body.nonce);
  });
}
