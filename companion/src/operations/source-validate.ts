import type { Api } from '@dnsferry/shared';
import { namedSource } from '../providers/index';
import type { Operation, OperationDeps } from './operation';

/**
 * /api/source/validate: source credentials checked. Azure: signs in and lists the subscriptions.
 * Route 53: lists one hosted zone, which proves the keys and the permission; an AWS account has no
 * subscriptions to list.
 */
export const sourceValidate = {
  kind: 'json',
  async run(creds, deps, signal) {
    return { success: true, subscriptions: await namedSource(creds.provider).validate(deps, creds, signal) };
  },
} satisfies Operation<Api['sourceValidate'], OperationDeps>;
