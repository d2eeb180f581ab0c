export * from './target-validate';
export * from './source-validate';
export * from './source-zones';
export * from './scan';
export * from './migrate';
export * from './cutover';
export * from './pair';
export * from './pair-proof';
export * from './undo';

/** The endpoints; all POST with a JSON body. */
export const ENDPOINTS = {
  targetValidate: '/api/target/validate',
  sourceValidate: '/api/source/validate',
  sourceZones: '/api/source/zones',
  scan: '/api/dns/scan',
  migrate: '/api/migrate',
  /** Puts zones back as they were before a migration, from the undo data its stream handed out. */
  undo: '/api/undo',
  cutoverCheck: '/api/cutover/check',
  /** Browser extensions only: pair with the printed code, then ask for proof before sending credentials. */
  pair: '/api/pair',
  pairProof: '/api/pair/proof',
} as const;
