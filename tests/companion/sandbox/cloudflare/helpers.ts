import { readFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import { expect } from 'vitest';
import { startCloudflareSimulator, type CloudflareSim, type CloudflareSimOptions } from '@dnsferry/companion/sandbox/cloudflare/index';
import { seedCloudflareDemo, type CloudflareDemoSeed } from '@dnsferry/companion/sandbox/cloudflare/seed';

/**
 * Validators for the official wire shapes (tests/fixtures/cloudflare-openapi-subset.json, copied from the
 * team's reference). `x-current-views` names the schema each endpoint's response must satisfy.
 *
 * OpenAPI 3.0 → JSON Schema for Ajv: `nullable: true` becomes a `null` type, `discriminator` is dropped
 * (Ajv cannot read its `mapping`; the `oneOf` on `type` enums discriminates anyway) and local refs are made
 * absolute. One deliberate deviation from the transcribed SDK schema: record `comment` may be `null`, because
 * live responses carry `"comment":null` for records without one (observed in 2025 responses; the SDK models it
 * as optional), and the simulator reproduces that.
 */
const SPEC_PATH = fileURLToPath(new URL('../../../fixtures/cloudflare-openapi-subset.json', import.meta.url));
const DOC_ID = 'cf.json';

function convert(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(convert);
  if (typeof node !== 'object' || node === null) return node;
  const src = node as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(src)) {
    if (k === 'discriminator' || k === 'nullable' || k.startsWith('x-')) continue;
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#/')) out.$ref = `${DOC_ID}${v}`;
    else out[k] = convert(v);
  }
  if (src.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}

interface Spec {
  components: { schemas: Record<string, Record<string, unknown>> };
  'x-current-views': Record<string, unknown>;
}

const raw = JSON.parse(readFileSync(SPEC_PATH, 'utf8')) as Spec;
for (const [name, schema] of Object.entries(raw.components.schemas)) {
  const props = schema.properties as Record<string, Record<string, unknown>> | undefined;
  if (name.startsWith('sdk_') && name.endsWith('RecordResponse') && props?.comment) props.comment = { ...props.comment, nullable: true };
}
const ajv = new Ajv({ strict: false, allErrors: true });
ajv.addFormat('ipv4', { validate: (s: string) => isIPv4(s) });
ajv.addFormat('ipv6', { validate: (s: string) => isIPv6(s) });
ajv.addFormat('date-time', {
  validate: (s: string) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(s) && !Number.isNaN(Date.parse(s)),
});
ajv.addSchema({ $id: DOC_ID, components: convert(raw.components) });

/**
 * The 429 body carries code 971 (observed live: cloudflare/certbot-dns-cloudflare#6, workers-sdk#10025), below
 * the `minimum: 1000` of common.yaml's message schema. The simulator follows the wire; its 429 bodies are checked
 * against the failure envelope with only that minimum lifted.
 */
const RATE_LIMIT_DOC_ID = 'cf-429.json';
{
  const relaxed = JSON.parse(
    JSON.stringify(convert(raw.components)).replaceAll(`"${DOC_ID}#`, `"${RATE_LIMIT_DOC_ID}#`),
  ) as Spec['components'];
  const items = (relaxed.schemas['common_messages'] as { items: { properties: { code: Record<string, unknown> } } }).items;
  delete items.properties.code.minimum;
  ajv.addSchema({ $id: RATE_LIMIT_DOC_ID, components: relaxed });
}
export const RATE_LIMIT_ERROR_VIEW = '429 error (code 971)';

const cache = new Map<string, ValidateFunction>();
export const VIEWS = Object.keys(raw['x-current-views']);

/** Asserts `body` matches the named `x-current-views` schema, printing Ajv's errors when it does not. */
export function expectView(view: string, body: unknown): void {
  let validate = cache.get(view);
  if (!validate) {
    if (view === RATE_LIMIT_ERROR_VIEW) {
      validate = ajv.compile({ $ref: `${RATE_LIMIT_DOC_ID}#/components/schemas/common_api-response-common-failure` });
    } else {
      const schema = raw['x-current-views'][view];
      if (!schema) throw new Error(`no x-current-views entry "${view}"`);
      validate = ajv.compile(convert(schema) as object);
    }
    cache.set(view, validate);
  }
  const valid = validate(body);
  expect(valid ? null : { view, errors: validate.errors, body }).toBeNull();
}

export const ERROR_VIEW = 'any 4xx/5xx JSON error';

export interface Answer {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

export interface Client {
  sim: CloudflareSim;
  seed: CloudflareDemoSeed;
  call(method: string, path: string, body?: unknown, opts?: { token?: string | null; headers?: Record<string, string> }): Promise<Answer>;
  /** Calls and asserts an error envelope with this status and code. */
  fail(status: number, code: number, method: string, path: string, body?: unknown, opts?: { token?: string | null }): Promise<Answer>;
  zone(name?: string): Promise<string>;
  close(): Promise<void>;
}

export async function startClient(opts: CloudflareSimOptions = {}): Promise<Client> {
  const sim = await startCloudflareSimulator({ rateLimit: false, ...opts });
  const seed = seedCloudflareDemo(sim);
  const call: Client['call'] = async (method, path, body, o = {}) => {
    const headers: Record<string, string> = { ...o.headers };
    const token = o.token === undefined ? seed.token : o.token;
    if (token !== null) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await fetch(`${sim.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: JSON.parse(text) as Record<string, unknown> };
  };
  let zoneCounter = 0;
  return {
    sim,
    seed,
    call,
    async fail(status, code, method, path, body, o) {
      const a = await call(method, path, body, o);
      expect({ status: a.status, codes: (a.body.errors as Array<{ code: number }>).map((e) => e.code) }).toEqual({ status, codes: [code] });
      expectView(status === 429 ? RATE_LIMIT_ERROR_VIEW : ERROR_VIEW, a.body);
      return a;
    },
    async zone(name) {
      zoneCounter++;
      return sim.addZone({ accountId: seed.accountId, name: name ?? `zone${zoneCounter}.example` }).id;
    },
    close: () => sim.close(),
  };
}

export function result<T = Record<string, unknown>>(a: Answer): T {
  expect(a.body.success, JSON.stringify(a.body.errors)).toBe(true);
  return a.body.result as T;
}

/**
 * The SDK views cover nine record types; every other type is checked against the API's own schema of
 * that type, `dns-records_<TYPE>Record` (2024 spec). A response's `comment: null` is the live wire's
 * (see above) and is left out before checking.
 */
export function expectRecordSchema(type: string, body: Record<string, unknown>): void {
  const name = `dns-records_${type}Record`;
  let validate = cache.get(name);
  if (!validate) {
    // The 2024 spec has no OPENPGPKEY schema; the API's type list and docs give it as `content` (base64).
    const openpgp = {
      type: 'object',
      required: ['type', 'name', 'content'],
      properties: {
        type: { enum: ['OPENPGPKEY'] },
        name: { type: 'string' },
        content: { type: 'string', pattern: '^[A-Za-z0-9+/]+={0,2}$' },
      },
    };
    if (!raw.components.schemas[name] && type !== 'OPENPGPKEY') throw new Error(`no schema ${name}`);
    validate = ajv.compile(type === 'OPENPGPKEY' ? openpgp : { $ref: `${DOC_ID}#/components/schemas/${name}` });
    cache.set(name, validate);
  }
  const { comment, ...rest } = body;
  const checked = comment === null ? rest : body;
  const valid = validate(checked);
  expect(valid ? null : { schema: name, errors: validate.errors, body }).toBeNull();
}
