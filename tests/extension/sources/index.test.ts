import { describe, expect, it } from 'vitest';
import { SourceValidateRequestSchema, SourceZonesRequestSchema } from '@dnsferry/shared';
import { FORM_KINDS, SOURCE_FORMS } from '@/sources';
import { rowsOf } from '@/sources/descriptor';

describe('the sources filled in by a form', () => {
  it('each lays out every field it has once, under test ids of its own', () => {
    const ids: string[] = [];
    for (const kind of FORM_KINDS) {
      const d = SOURCE_FORMS[kind];
      const names = d.fields.map((f) => f.name as string);
      const laidOut = [
        ...(d.rows ?? []).flatMap((r) => r.fields),
        ...(d.methods ? [d.methods.field, ...d.methods.choices.flatMap((m) => m.rows.flatMap((r) => r.fields))] : []),
      ];
      expect([...laidOut].sort(), kind).toEqual([...names].sort());
      ids.push(...d.fields.map((f) => `${d.testid}-${f.testid}`));
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('the listed ones send bodies the contract takes, for every way to sign in', () => {
    const SUB = '11111111-2222-3333-4444-555555555555';
    const filled = {
      authMethod: 'servicePrincipal',
      tenantId: 'contoso.onmicrosoft.com',
      clientId: 'c0ffee00-0000-4000-8000-000000000001',
      clientSecret: 's3cret',
      sourceToken: 'eyJ0eXAi',
    };
    for (const authMethod of ['servicePrincipal', 'bearerToken']) {
      const v = { ...filled, authMethod };
      expect(SourceValidateRequestSchema.safeParse(SOURCE_FORMS.azure.validateBody(v)).success).toBe(true);
      expect(SourceZonesRequestSchema.safeParse(SOURCE_FORMS.azure.zonesBody(v, SUB)).success).toBe(true);
      expect(rowsOf(SOURCE_FORMS.azure, v).length).toBe(1);
    }
    const keys = { accessKeyId: 'ASIAIOSFODNN7EXAMPLE', secretAccessKey: 'wJalrXUtnFEMI', sessionToken: 'FwoG' };
    expect(SourceValidateRequestSchema.parse(SOURCE_FORMS.route53.validateBody(keys))).toEqual({ provider: 'route53', ...keys });
    expect(SourceZonesRequestSchema.parse(SOURCE_FORMS.route53.zonesBody(keys, ''))).toEqual({ provider: 'route53', ...keys });
  });
});
