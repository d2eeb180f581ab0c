/**
 * The OpenAPI 3.1 document of the companion's HTTP API, generated from the zod contract in shared/ so
 * that it cannot say something the code does not do. `pnpm openapi` writes it to docs/openapi.json
 * (companion/scripts/openapi.ts); tests/companion/openapi.test.ts fails when that file has drifted.
 */
import { z } from 'zod';
import { API, DnsRecordSchema, ERROR_STATUS, ErrorBodySchema, type Endpoint } from '@dnsferry/shared';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/**
 * Every schema as JSON sees it: zod's input side, before trims and transforms. For requests that is
 * what the companion accepts; for answers and events it is what a client parses (the extension
 * parses them with these same schemas), so both are described by what travels on the wire.
 */
function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const e of Object.values(API)) {
    registry.add(e.request.schema, { id: e.request.name });
    if (e.answer.kind === 'json') registry.add(e.answer.schema, { id: e.answer.name });
    else registry.add(e.answer.event, { id: e.answer.name });
  }
  registry.add(ErrorBodySchema, { id: 'ErrorBody' });
  // One record shape for every event that carries a record, rather than the union inlined in each.
  registry.add(DnsRecordSchema, { id: 'DnsRecord' });
  const { schemas } = z.toJSONSchema(registry, { io: 'input', uri: (id) => `#/components/schemas/${id}`, unrepresentable: 'any' });
  const all: Record<string, unknown> = {};
  for (const [id, schema] of Object.entries(schemas).sort(([a], [b]) => a.localeCompare(b))) {
    const { $schema: _dialect, $id: _id, ...rest } = schema as Record<string, unknown>;
    all[id] = rest;
  }
  return all;
}

const errorStatuses = Object.entries(ERROR_STATUS)
  .map(([code, status]) => `${status} ${code}`)
  .join(', ');

function operation(key: keyof typeof API, e: Endpoint): Record<string, unknown> {
  const ok =
    e.answer.kind === 'json'
      ? { description: 'Success.', content: { 'application/json': { schema: ref(e.answer.name) } } }
      : {
          description:
            'A stream of NDJSON: one JSON object per line, each matching this schema (the item schema). Exactly one `done` ends it; a failure after the first line is an `error` line followed by `done`, and a stream that ends without `done` was cut off.',
          content: { 'application/x-ndjson': { schema: ref(e.answer.name) } },
        };
  const error = {
    description: `Error body. Codes and statuses: ${errorStatuses}.`,
    content: { 'application/json': { schema: ref('ErrorBody') } },
  };
  return {
    operationId: key,
    summary: e.summary,
    ...(e.description ? { description: e.description } : {}),
    requestBody: { required: true, content: { 'application/json': { schema: ref(e.request.name) } } },
    responses: { '200': ok, '4XX': error, '5XX': error },
  };
}

export function buildOpenApi(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  for (const key of Object.keys(API) as Array<keyof typeof API>) {
    paths[API[key].path] = { post: operation(key, API[key]) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'dnsferry companion',
      version: '0.1.0',
      description:
        'The local companion service of dnsferry. Every endpoint takes POST with a JSON body. Generated from the zod contract in shared/ by `pnpm openapi`; do not edit by hand.',
    },
    servers: [{ url: 'http://127.0.0.1:8787' }],
    paths,
    components: { schemas: componentSchemas() },
  };
}

/** The file's exact text: two-space JSON and a final newline, so a diff shows what changed. */
export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`;
}
