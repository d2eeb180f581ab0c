import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import vue from '@vitejs/plugin-vue';
import { WxtVitest } from 'wxt/testing/vitest-plugin';

const extensionRoot = fileURLToPath(new URL('../extension', import.meta.url));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'companion',
          environment: 'node',
          include: ['companion/**/*.test.ts', 'shared/**/*.test.ts'],
          // unbound + dnsdist on loopback for the DNS-over-HTTPS scan tests, started once per run
          globalSetup: ['./support/dns/global-setup.ts'],
          setupFiles: ['./support/leak-setup.ts'],
          // limits for a hung test, far above a passing one's time even on a loaded machine
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll returns as soon as its condition holds; its default second is too short for a busy machine
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        // WxtVitest gives the fake `browser`, the `@/` alias and WXT's config; it does not add Vue.
        plugins: [vue(), WxtVitest({ root: extensionRoot })],
        test: {
          name: 'extension',
          environment: 'happy-dom',
          include: ['extension/**/*.test.ts'],
          testTimeout: 60_000,
          expect: { poll: { timeout: 30_000 } },
        },
      },
      {
        // The tree as a whole: where tests sit, the import graph, the docs against the lint config, the set-up check.
        test: { name: 'repo', environment: 'node', include: ['repo/**/*.test.ts', 'setup/**/*.test.ts'], testTimeout: 60_000 },
      },
      {
        // The built extension in a real Chromium against the companion in its sandbox mode.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
