import { SourceCredentialsSchema, type MigrateRequest, type SourceCredentials } from '@dnsferry/shared';
import { parseBody } from '../../http/parse';

type SourceFields = Pick<MigrateRequest, 'authMethod' | 'sourceToken' | 'tenantId' | 'clientId' | 'clientSecret'>;

/**
 * The Azure credentials of a migrate request, checked as strictly as /api/source/validate checks them
 * (a bad tenant id is a 400 naming the field, before anything is written). `authMethod` decides when
 * given; otherwise a `sourceToken` means a bearer token and the three service-principal fields a
 * service principal. Undefined when the request carries no source credentials at all.
 */
export function credentialsFromRequest(body: SourceFields): SourceCredentials | undefined {
  const method = body.authMethod ?? (body.sourceToken !== undefined ? 'bearerToken' : undefined);
  const sp = body.tenantId !== undefined || body.clientId !== undefined || body.clientSecret !== undefined;
  if (method === 'bearerToken') return parseBody(SourceCredentialsSchema, { authMethod: 'bearerToken', sourceToken: body.sourceToken });
  if (method === 'servicePrincipal' || sp) {
    return parseBody(SourceCredentialsSchema, {
      authMethod: 'servicePrincipal',
      tenantId: body.tenantId,
      clientId: body.clientId,
      clientSecret: body.clientSecret,
    });
  }
  return undefined;
}
