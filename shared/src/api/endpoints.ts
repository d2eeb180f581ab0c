import type { z } from 'zod';
import { MigrateEventSchema, ScanEventSchema } from '../events';
import { CutoverEventSchema, CutoverRequestSchema } from './cutover';
import { MigrateRequestSchema } from './migrate';
import { PairRequestSchema, PairResponseSchema } from './pair';
import { PairConfirmRequestSchema, PairConfirmResponseSchema } from './pair-confirm';
import { PairProofRequestSchema, PairProofResponseSchema } from './pair-proof';
import { ScanRequestSchema } from './scan';
import { SourceValidateRequestSchema, SourceValidateResponseSchema } from './source-validate';
import { SourceZonesRequestSchema, SourceZonesResponseSchema } from './source-zones';
import { TargetValidateRequestSchema, TargetValidateResponseSchema } from './target-validate';
import { UndoRequestSchema } from './undo';

/** What an endpoint answers: one JSON body, or a stream of NDJSON events. */
export type Answer<S extends z.ZodType = z.ZodType> =
  { kind: 'json'; name: string; schema: S } | { kind: 'ndjson'; name: string; event: S };

/** One endpoint: its path, what it takes and what it answers, as ts-rest shapes a contract (without the library). */
export interface Endpoint<P extends string = string, Q extends z.ZodType = z.ZodType, A extends Answer = Answer> {
  path: P;
  summary: string;
  description?: string;
  request: { name: string; schema: Q };
  answer: A;
}

const endpoint = <const P extends string, Q extends z.ZodType, A extends Answer>(e: Endpoint<P, Q, A>) => e;

/**
 * The endpoint table, one place: every endpoint takes POST with a JSON body. Routes register from
 * it, the OpenAPI document is rendered from it, and the extension's client reads the paths.
 */
export const API = {
  targetValidate: endpoint({
    path: '/api/target/validate',
    summary: 'Check a Cloudflare API token and list its accounts',
    request: { name: 'TargetValidateRequest', schema: TargetValidateRequestSchema },
    answer: { kind: 'json' as const, name: 'TargetValidateResponse', schema: TargetValidateResponseSchema },
  }),
  sourceValidate: endpoint({
    path: '/api/source/validate',
    summary: 'Sign in to Azure (service principal or bearer token) and list the subscriptions',
    request: { name: 'SourceValidateRequest', schema: SourceValidateRequestSchema },
    answer: { kind: 'json' as const, name: 'SourceValidateResponse', schema: SourceValidateResponseSchema },
  }),
  sourceZones: endpoint({
    path: '/api/source/zones',
    summary: 'List the public DNS zones of one Azure subscription',
    request: { name: 'SourceZonesRequest', schema: SourceZonesRequestSchema },
    answer: { kind: 'json' as const, name: 'SourceZonesResponse', schema: SourceZonesResponseSchema },
  }),
  scan: endpoint({
    path: '/api/dns/scan',
    summary: "Discover a public domain's records through DNS-over-HTTPS",
    request: { name: 'ScanRequest', schema: ScanRequestSchema },
    answer: { kind: 'ndjson' as const, name: 'ScanEvent', event: ScanEventSchema },
  }),
  migrate: endpoint({
    path: '/api/migrate',
    summary: 'Migrate zones into Cloudflare (or plan it: dryRun)',
    request: { name: 'MigrateRequest', schema: MigrateRequestSchema },
    answer: { kind: 'ndjson' as const, name: 'MigrateEvent', event: MigrateEventSchema },
  }),
  undo: endpoint({
    path: '/api/undo',
    summary: 'Put zones back as they were before a migration, from the undo data its stream handed out',
    description:
      'The same events, credentials and dryRun as migrate. A record changed at the target since the run is left as it is (a skip that says so).',
    request: { name: 'UndoRequest', schema: UndoRequestSchema },
    answer: { kind: 'ndjson' as const, name: 'MigrateEvent', event: MigrateEventSchema },
  }),
  cutoverCheck: endpoint({
    path: '/api/cutover/check',
    summary: "Check that the target's name servers answer what was migrated, and the delegation",
    request: { name: 'CutoverRequest', schema: CutoverRequestSchema },
    answer: { kind: 'ndjson' as const, name: 'CutoverEvent', event: CutoverEventSchema },
  }),
  pair: endpoint({
    path: '/api/pair',
    summary: 'Pair a browser extension with the code the companion printed: the CPace shares',
    description:
      'Browser extensions only: needs an extension Origin header. Scripts need no pairing endpoint. The first of two steps; /api/pair/confirm ends it.',
    request: { name: 'PairRequest', schema: PairRequestSchema },
    answer: { kind: 'json' as const, name: 'PairResponse', schema: PairResponseSchema },
  }),
  pairConfirm: endpoint({
    path: '/api/pair/confirm',
    summary: 'End a pairing: key confirmation, the extension first; then the key, sealed',
    description: 'Browser extensions only, after /api/pair with the same nonce. A wrong tag is a wrong code.',
    request: { name: 'PairConfirmRequest', schema: PairConfirmRequestSchema },
    answer: { kind: 'json' as const, name: 'PairConfirmResponse', schema: PairConfirmResponseSchema },
  }),
  pairProof: endpoint({
    path: '/api/pair/proof',
    summary: 'Prove to a paired extension that this is its companion',
    description: 'Browser extensions only: needs the Origin header of an extension that paired.',
    request: { name: 'PairProofRequest', schema: PairProofRequestSchema },
    answer: { kind: 'json' as const, name: 'PairProofResponse', schema: PairProofResponseSchema },
  }),
};
export type Api = typeof API;

/** The paths alone, by endpoint. */
export const ENDPOINTS = Object.fromEntries(Object.entries(API).map(([key, e]) => [key, e.path])) as {
  readonly [K in keyof Api]: Api[K]['path'];
};
