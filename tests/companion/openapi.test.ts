import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS, ErrorBodySchema, MigrateEventSchema, ScanEventSchema } from '@dnsferry/shared';
import { buildOpenApi, renderOpenApi } from '@dnsferry/companion/openapi';

const FILE = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));

type Doc = {
  openapi: string;
  paths: Record<string, { post?: { requestBody: unknown; responses: Record<string, { content: Record<string, unknown> }> } }>;
};

describe('docs/openapi.json', () => {
  it('is what the zod contract generates today', () => {
    const committed = readFileSync(FILE, 'utf8');
    expect(
      committed === renderOpenApi(),
      'docs/openapi.json differs from the zod contract: run `npx -y pnpm@10.34.9 openapi` and commit docs/openapi.json',
    ).toBe(true);
  });

  it('describes every endpoint as a POST, the streaming ones as NDJSON', () => {
    const doc = buildOpenApi() as Doc;
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths).sort()).toEqual(Object.values(ENDPOINTS).sort());
    const streaming = Object.entries(doc.paths)
      .filter(([, p]) => p.post?.responses['200']?.content['application/x-ndjson'])
      .map(([path]) => path)
      .sort();
    expect(streaming).toEqual([ENDPOINTS.cutoverCheck, ENDPOINTS.migrate, ENDPOINTS.scan, ENDPOINTS.undo].sort());
  });

  it('accepts and refuses the same bodies as the zod schemas it came from', () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    ajv.addSchema(buildOpenApi(), 'api');
    const check = (name: string, value: unknown) => {
      const validate = ajv.getSchema(`api#/components/schemas/${name}`);
      if (!validate) throw new Error(`no component ${name}`);
      return validate(value);
    };
    const samples: Array<[string, { safeParse: (v: unknown) => { success: boolean } }, unknown]> = [
      [
        'MigrateEvent',
        MigrateEventSchema,
        {
          type: 'record',
          zone: 'example.com',
          message: '[1/1] A www',
          index: 1,
          total: 1,
          record: { type: 'A', name: 'www', content: '192.0.2.1', ttl: 300 },
        },
      ],
      ['MigrateEvent', MigrateEventSchema, { type: 'done', results: [{ zone: 'example.com', created: 1, skipped: 0, failed: 0 }] }],
      ['MigrateEvent', MigrateEventSchema, { type: 'done' }],
      ['MigrateEvent', MigrateEventSchema, { type: 'launch', zone: 'example.com', message: 'no such event' }],
      ['ScanEvent', ScanEventSchema, { type: 'progress', message: 'Scanning the apex' }],
      [
        'ScanEvent',
        ScanEventSchema,
        {
          type: 'done',
          records: [{ type: 'MX', name: '@', content: 'mail.example.com', priority: 10, ttl: 3600 }],
          total: 1,
          subdomainsFound: [],
        },
      ],
      ['ScanEvent', ScanEventSchema, { type: 'progress' }],
      [
        'ErrorBody',
        ErrorBodySchema,
        { success: false, error: { code: 'invalid_request', message: 'zones: expected an array', field: 'zones' } },
      ],
      ['ErrorBody', ErrorBodySchema, { success: false, error: { code: 'teapot', message: 'no such code' } }],
    ];
    const verdicts = samples.map(([name, schema, value]) => ({
      name,
      value,
      zod: schema.safeParse(value).success,
      openapi: check(name, value),
    }));
    expect(verdicts.filter((v) => v.zod !== v.openapi)).toEqual([]);
    // Both verdicts occur, so the agreement above is not the trivial one.
    expect(new Set(verdicts.map((v) => v.zod))).toEqual(new Set([true, false]));
  });
});
