import { describe, expect, it } from 'vitest';
import { SOURCE_FORMS } from '@/sources';
import { formFilled, rowsOf } from '@/sources/descriptor';

const azure = SOURCE_FORMS.azure;
const blank = { authMethod: 'servicePrincipal', tenantId: '', clientId: '', clientSecret: '', sourceToken: '' };

describe('a source form described once', () => {
  it('shows the rows of the chosen way to sign in, the first when the value is none of them', () => {
    expect(rowsOf(azure, blank).flatMap((r) => r.fields)).toEqual(['tenantId', 'clientId', 'clientSecret']);
    expect(rowsOf(azure, { ...blank, authMethod: 'bearerToken' }).flatMap((r) => r.fields)).toEqual(['sourceToken']);
    expect(rowsOf(azure, { ...blank, authMethod: 'other' }).flatMap((r) => r.fields)).toEqual(['tenantId', 'clientId', 'clientSecret']);
    expect(rowsOf(SOURCE_FORMS.account, { token: '', zoneId: '' }).flatMap((r) => r.fields)).toEqual(['token', 'zoneId']);
  });

  it('is filled when every required field it shows has more than blanks', () => {
    expect(formFilled(azure, { ...blank, tenantId: 't', clientId: 'c' })).toBe(false);
    expect(formFilled(azure, { ...blank, tenantId: 't', clientId: 'c', clientSecret: '  ' })).toBe(false);
    expect(formFilled(azure, { ...blank, tenantId: 't', clientId: 'c', clientSecret: 's' })).toBe(true);
    // the token's method asks only for the token, whatever the other method's fields hold
    expect(formFilled(azure, { ...blank, authMethod: 'bearerToken', tenantId: 't' })).toBe(false);
    expect(formFilled(azure, { ...blank, authMethod: 'bearerToken', sourceToken: 'eyJ' })).toBe(true);
    const keys = { accessKeyId: 'AKIAIOSFODNN7EXAMPLE', secretAccessKey: '', sessionToken: '' };
    expect(formFilled(SOURCE_FORMS.route53, keys)).toBe(false);
    expect(formFilled(SOURCE_FORMS.route53, { ...keys, secretAccessKey: 's' })).toBe(true);
  });
});
