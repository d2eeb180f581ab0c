import type { MigrateRequest, SourceCredentials } from '@dnsferry/shared';
import type { RouteDeps } from '../app';
import type { Source } from './source';

/**
 * The source a migrate request asks for: Azure, when it carries a bearer token or a service
 * principal and a subscription (the schema already insisted on them if some zone has no records).
 */
export function sourceFor(body: MigrateRequest, deps: RouteDeps): Source | undefined {
  if (!body.subscriptionId) return undefined;
  let creds: SourceCredentials | undefined;
  if (body.sourceToken && body.authMethod !== 'servicePrincipal') {
    creds = { authMethod: 'bearerToken', sourceToken: body.sourceToken };
  } else if (body.tenantId && body.clientId && body.clientSecret) {
    creds = { authMethod: 'servicePrincipal', tenantId: body.tenantId, clientId: body.clientId, clientSecret: body.clientSecret };
  }
  if (!creds) return undefined;
  // Loaded on first use: most runs never touch Azure, and its SDK is the companion's largest part.
  const subscriptionId = body.subscriptionId;
  let azure: Promise<Source> | undefined;
  return {
    async readZone(zone, opts) {
      azure ??= import('./azure/index').then((m) => m.createAzureSource(deps, creds, subscriptionId));
      return (await azure).readZone(zone, opts);
    },
  };
}
