// pnpm openapi: writes docs/openapi.json from the zod contract (see companion/src/openapi.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderOpenApi } from '../src/openapi';

const target = fileURLToPath(new URL('../../docs/openapi.json', import.meta.url));
writeFileSync(target, renderOpenApi());
process.stdout.write(`wrote ${target}\n`);
