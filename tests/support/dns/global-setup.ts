/**
 * Vitest global setup: starts the test DNS server (unbound + dnsdist) once for the whole run and
 * hands its endpoints to the tests through `inject('doh')`. When it cannot start (the packages are
 * missing), the other tests still run; the DNS tests fail with the reason (see `dohEndpoints()`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startDohServer } from './doh-server';
import type {} from './endpoints'; // the typing of inject('doh')

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  try {
    const server = await startDohServer();
    const { stop, ...endpoints } = server;
    // Node reads NODE_EXTRA_CA_CERTS at start-up; test workers start after this, so they trust the
    // test CA. Certificates already trusted that way stay trusted.
    const bundle = join(server.runDir, 'extra-ca.pem');
    const kept = previous && existsSync(previous) ? `${readFileSync(previous, 'utf8').trimEnd()}\n` : '';
    writeFileSync(bundle, kept + readFileSync(server.caFile, 'utf8'));
    process.env.NODE_EXTRA_CA_CERTS = bundle;
    project.provide('doh', endpoints);
    return async () => {
      if (previous === undefined) delete process.env.NODE_EXTRA_CA_CERTS;
      else process.env.NODE_EXTRA_CA_CERTS = previous;
      await stop();
    };
  } catch (err) {
    project.provide('doh', { error: (err as Error).message });
    return async () => undefined;
  }
}
