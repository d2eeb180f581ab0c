import { defineConfig } from 'vitest/config';

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
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
