import type { Api } from '@dnsferry/shared';
import { namedSource } from '../providers/index';
import type { Operation, OperationDeps } from './operation';

/**
 * /api/source/zones: the public DNS zones at the source: Azure's of one subscription (with their
 * resource group), or Route 53's hosted zones (with their id). recordCount counts record sets, SOA and
 * apex NS included.
 */
export const sourceZones = {
  kind: 'json',
  async run(body, deps, signal) {
    return { success: true, zones: await namedSource(body.provider).listZones(deps, body, signal) };
  },
} satisfies Operation<Api['sourceZones'], OperationDeps>;
