import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ENDPOINTS, PairProofRequestSchema, PairRequestSchema, type PairProofResponse, type PairResponse } from '@dnsferry/shared';
import { parseBody } from '../http/parse';
import type { Pairing } from '../pairing/pairing';

/** The port this request reached us on (0 when injected in tests): proofs are bound to it. */
const localPort = (request: FastifyRequest): number => request.socket.localPort ?? 0;

/** Pairing of a browser extension, and the proof it asks for before it sends a credential. */
export function registerPair(app: FastifyInstance, pairing: Pairing): void {
  app.post(ENDPOINTS.pair, async (request): Promise<PairResponse> => {
    const body = parseBody(PairRequestSchema, request.body);
    return pairing.pair(request.headers.origin, localPort(request), body);
  });
  app.post(ENDPOINTS.pairProof, async (request): Promise<PairProofResponse> => {
    const body = parseBody(PairProofRequestSchema, request.body);
    return pairing.prove(request.headers.origin, localPort(request), body.nonce);
  });
}
