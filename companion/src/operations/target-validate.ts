import type { Api } from '@dnsferry/shared';
import { TARGET } from '../providers/index';
import type { Operation, OperationDeps } from './operation';

/** /api/target/validate: the token checked, and the accounts it can use. */
export const targetValidate = {
  kind: 'json',
  async run(body, deps, signal) {
    const { accounts, status, expiresOn } = await TARGET.validate(deps, body.targetToken, body.targetAccountId, signal);
    return { success: true, accounts, token: { status, ...(expiresOn ? { expiresOn } : {}) } };
  },
} satisfies Operation<Api['targetValidate'], OperationDeps>;
