import { describe, expect, it } from 'vitest';
import { AppError } from '@dnsferry/companion/errors';
import { credentialsFromRequest } from '@dnsferry/companion/source/azure/index';

const sp = { tenantId: 'contoso.onmicrosoft.com', clientId: '5b2c8a1e-0d4f-4c6b-9a7e-1f3d5c7b9e21', clientSecret: 's3cret' };

describe('credentialsFromRequest (migrate request → Azure credentials)', () => {
  it('reads a bearer token or a service principal, with or without authMethod', () => {
    expect(credentialsFromRequest({ sourceToken: ' tok ' })).toEqual({ authMethod: 'bearerToken', sourceToken: 'tok' });
    expect(credentialsFromRequest(sp)).toEqual({ authMethod: 'servicePrincipal', ...sp });
    expect(credentialsFromRequest({ authMethod: 'servicePrincipal', sourceToken: 'ignored', ...sp })).toEqual({
      authMethod: 'servicePrincipal',
      ...sp,
    });
    expect(credentialsFromRequest({})).toBeUndefined();
  });

  it('answers 400 naming the field when a service principal is incomplete or malformed', () => {
    const missing = (() => {
      try {
        credentialsFromRequest({ tenantId: sp.tenantId, clientId: sp.clientId });
      } catch (err) {
        return err;
      }
      return undefined;
    })();
    expect(missing).toBeInstanceOf(AppError);
    expect(missing).toMatchObject({ status: 400, field: 'clientSecret' });
    expect(() => credentialsFromRequest({ ...sp, tenantId: 'not a tenant' })).toThrow(/tenantId/);
  });
});
