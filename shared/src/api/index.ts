export * from './target-validate';
export * from './source-validate';
export * from './source-zones';
export * from './scan';
export * from './migrate';

/** The five endpoints; all POST with a JSON body. */
export const ENDPOINTS = {
  targetValidate: '/api/target/validate',
  sourceValidate: '/api/source/validate',
  sourceZones: '/api/source/zones',
  scan: '/api/dns/scan',
  migrate: '/api/migrate',
} as const;
