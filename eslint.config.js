// @ts-check
// One lint config for the whole workspace. Besides the usual correctness rules it encodes the
// architecture (docs/ARCHITECTURE.md, "Who may import what"), so a wrong import fails `pnpm lint`
// instead of waiting for a reviewer to notice it.
import { defineConfig } from 'eslint/config';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import vueParser from 'vue-eslint-parser';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const TS_PROJECTS = ['tsconfig.json', 'extension/tsconfig.json', 'tests/extension/tsconfig.json'];

/** The provider folders (companion/src/providers/<name>/). */
const PROVIDERS = readdirSync(join(import.meta.dirname, 'companion/src/providers'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

/** Import boundaries on resolved paths, so `../x`, `@/x` and `@dnsferry/companion/x` are treated alike. */
const boundaries = [
  {
    target: 'shared/**',
    from: ['companion', 'extension', 'tests'],
    message: 'shared/ is the contract: it imports only zod and its own files.',
  },
  {
    // The contract's main entry stays zod only: CPace (and its noble imports) is reached through its own entry.
    target: ['shared/src/!(cpace).ts', 'shared/src/*/**'],
    from: 'shared/src/cpace.ts',
    message: "The contract imports only zod: CPace is the separate entry '@dnsferry/shared/cpace', for the pairing code alone.",
  },
  {
    target: 'extension/**',
    from: 'companion',
    message: 'The extension talks to the companion over HTTP only (utils/companion.ts), never by import.',
  },
  {
    target: 'companion/**',
    from: 'extension',
    message: 'The companion and the extension share only shared/.',
  },
  {
    // The jobs run in the background worker, which the popup may never open: they know nothing of it.
    target: 'extension/jobs/**',
    from: ['extension/stores', 'extension/components', 'extension/entrypoints'],
    message: "A job runs in the background worker: it knows nothing of the popup's stores, components or pages.",
  },
  {
    // Production code never reaches the simulators; only tests and the demo start them.
    target: ['companion/src/!(sandbox)/**', 'companion/src/!(demo).ts', 'shared/**', 'extension/**'],
    from: 'companion/src/sandbox',
    message: 'Only tests/ and companion/src/demo.ts import the sandbox (the simulators).',
  },
  {
    target: 'companion/src/engine/**',
    from: ['companion/src/http', 'companion/src/upstream', 'companion/src/operations', 'companion/src/app.ts', 'companion/src/server.ts'],
    message: 'The engine knows no HTTP: it yields events; the operations hand them to http/ (or the command line) to send.',
  },
  {
    // The engine talks to a source and a target through its ports (engine/ports.ts), never to a provider.
    target: 'companion/src/engine/**',
    from: 'companion/src/providers',
    message: 'The engine sees providers only through its ports (engine/ports.ts): the caller hands it a Source and a Target.',
  },
  {
    // A provider reaches its service; whoever calls it (the server, the command line) is above it.
    target: 'companion/src/providers/**',
    from: ['companion/src/http', 'companion/src/operations', 'companion/src/cli', 'companion/src/app.ts', 'companion/src/server.ts'],
    message: 'A provider knows nothing of the server or the command line that call it.',
  },
  // Providers are side by side, none above another: each reaches its own service and shares only what lies
  // below them all (provider.ts, engine/ports.ts, upstream/, flow/). One zone per folder, so a new provider
  // gets its boundary (and needs its row in docs/ARCHITECTURE.md) without an edit here.
  ...PROVIDERS.map((name) => ({
    target: `companion/src/providers/${name}/**`,
    from: PROVIDERS.filter((other) => other !== name).map((other) => `companion/src/providers/${other}`),
    message: 'A provider never imports another provider: what two of them need goes below them (provider.ts, upstream/, flow/).',
  })),
  {
    // Everything else sees canonical DnsRecords; a provider's wire shapes are its own business.
    target: ['companion/src/!(providers)/**', 'companion/src/*.ts'],
    from: 'companion/src/providers/*/wire.ts',
    message: "A provider's wire types stay inside its folder: convert to canonical DnsRecords there.",
  },
  {
    // Outbound clients know nothing of the server that serves the extension.
    target: 'companion/src/upstream/**',
    from: ['companion/src/http', 'companion/src/operations', 'companion/src/app.ts'],
    message: 'upstream/ is the outbound side: it never reaches the inbound server (http/, operations/, app.ts).',
  },
  {
    // The command line is the other front door: it builds a body and calls the operations table, as the
    // HTTP app does, so it gets the same limits, adapters and fair share.
    target: 'companion/src/cli/**',
    from: [
      'companion/src/engine',
      'companion/src/providers',
      'companion/src/scan',
      'companion/src/cutover',
      'companion/src/dns',
      'companion/src/http',
    ],
    message:
      'A command builds the endpoint’s body and calls its entry in operations/, never the engine, a provider or the HTTP app itself.',
  },
  {
    // One table that both front doors call: it knows neither of them.
    target: 'companion/src/operations/**',
    from: ['companion/src/http', 'companion/src/cli', 'companion/src/app.ts', 'companion/src/server.ts'],
    message: 'An operation is called by the HTTP app and the command line alike: it knows neither (no http/, cli/, app.ts).',
  },
  {
    // DNS on the wire is below the scan and the cutover check, which both ask through it.
    target: 'companion/src/dns/**',
    from: ['companion/src/scan', 'companion/src/cutover', 'companion/src/http', 'companion/src/operations'],
    message: 'dns/ is the DNS wire (clients, messages): the scan and the cutover check use it, not the other way round.',
  },
];

/** A provider's SDK is its wire: its types and clients stay inside its folder (providers/azure/, providers/route53/). */
const PROVIDER_SDKS = {
  regex: '^@(aws-sdk|smithy|azure)\\/',
  message: "A provider's SDK stays inside its folder (providers/azure/, providers/route53/): convert to canonical DnsRecords there.",
};

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/.output/**',
      '**/.wxt/**',
      '**/dist/**',
      'coverage/**',
      'tests/artifacts/**',
      '.tmp/**',
      '**/*.tmp.*',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  vue.configs['flat/essential'],
  {
    languageOptions: {
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
        extraFileExtensions: ['.vue'],
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files and so never follows a .ts import (no-cycle would see
      // nothing). Components are left out: import-x cannot hand their <script lang="ts"> to the TS parser.
      'import-x/extensions': ['.ts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: TS_PROJECTS, alwaysTryTypes: true, noWarnOnMultipleProjects: true }),
      ],
    },
    rules: {
      // What the code base follows (STYLE: no any, comments say why).
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'all', caughtErrorsIgnorePattern: '^_' },
      ],
      'no-empty': ['error', { allowEmptyCatch: false }],
      // Abort reasons and caught errors are passed on as they came; wrapping them would lose the cause.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // An async function without await is how a fake or a hook keeps its async signature.
      '@typescript-eslint/require-await': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],

      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': ['error', { 'prefer-inline': true }],
    },
  },
  {
    files: ['**/*.vue'],
    languageOptions: {
      parser: vueParser,
      parserOptions: { parser: tseslint.parser, sourceType: 'module' },
      globals: { ...globals.browser },
    },
  },
  {
    // The contract: zod and its own files, nothing else (the extension and the companion both load it).
    files: ['shared/**/*.ts'],
    ignores: ['shared/src/cpace.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod$|\\.{1,2}/)', message: 'shared/ imports only zod and its own files.' }] },
      ],
    },
  },
  {
    // The pairing's key exchange, the one copy both sides run: an entry of its own (`@dnsferry/shared/cpace`)
    // because it needs noble's curve and hashes, which the contract's main entry never loads.
    files: ['shared/src/cpace.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@noble/(curves|hashes)/|\\.{1,2}/)',
              message: 'shared/src/cpace.ts imports only @noble/curves and @noble/hashes.',
            },
          ],
        },
      ],
    },
  },
  {
    // A provider's SDK stays in its folder (the engine's own list below repeats it, as a later block replaces this one).
    files: ['companion/src/**/*.ts'],
    ignores: ['companion/src/providers/azure/**', 'companion/src/providers/route53/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [PROVIDER_SDKS] }] },
  },
  {
    // The engine plans and applies; it knows neither Fastify nor the HTTP client nor Node's servers.
    files: ['companion/src/engine/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['fastify', 'undici', 'http', 'https', 'node:http', 'node:https'].map((name) => ({
            name,
            message: 'The engine knows no HTTP: it yields events; the operations hand them to http/ (or the command line) to send.',
          })),
          patterns: [{ group: ['fastify/*', 'undici/*', '@fastify/*'], message: 'The engine knows no HTTP.' }, PROVIDER_SDKS],
        },
      ],
    },
  },
  {
    // The service logs through Fastify's logger, which redacts credentials.
    files: ['companion/src/**/*.ts'],
    ignores: ['companion/src/demo.ts', 'companion/src/server.ts', 'companion/src/sandbox/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // Simulators and tests print wire JSON they built themselves (`${r.type} ${r.name}`); in product
    // code the same interpolation of an unknown value could put "[object Object]" in front of a user.
    files: ['tests/**', 'companion/src/sandbox/**'],
    rules: {
      '@typescript-eslint/restrict-template-expressions': 'off',
      '@typescript-eslint/no-base-to-string': 'off',
    },
  },
  {
    // Vitest's asymmetric matchers (expect.any(String), expect.stringMatching(…)) are typed `any` by design.
    files: ['tests/**'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // The linter's TypeScript program cannot look inside a .vue file (vue-tsc can, and checks these).
    files: ['extension/entrypoints/*/main.ts'],
    rules: { '@typescript-eslint/no-unsafe-argument': 'off' },
  },
  {
    // Build scripts and this file: plain Node JavaScript, outside every tsconfig.
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { globals: { ...globals.node } },
  },
);
