import { inject } from 'vitest';
import type { DohEndpoints } from './doh-server';

declare module 'vitest' {
  export interface ProvidedContext {
    doh: DohEndpoints | { error: string };
  }
}

/** The running test DNS server's endpoints; throws the reason it could not start. */
export function dohEndpoints(): DohEndpoints {
  const doh = inject('doh');
  if ('error' in doh) throw new Error(doh.error);
  return doh;
}
