import type { Api } from '@dnsferry/shared';
import { cutoverCheck } from './cutover-check';
import { migrate } from './migrate';
import type { AppDeps, Operation } from './operation';
import { pair, pairConfirm, pairProof } from './pair';
import { scan } from './scan';
import { sourceValidate } from './source-validate';
import { sourceZones } from './source-zones';
import { targetValidate } from './target-validate';
import { undo } from './undo';

/**
 * One operation per endpoint of the contract's table (`shared/src/api/endpoints.ts`), under the same
 * key: the HTTP app serves every one of them, the command line calls the ones it has a command for.
 */
export const OPERATIONS = {
  targetValidate,
  sourceValidate,
  sourceZones,
  scan,
  migrate,
  undo,
  cutoverCheck,
  pair,
  pairConfirm,
  pairProof,
} satisfies { [K in keyof Api]: Operation<Api[K], AppDeps> };
