/**
 * Vitest global setup: starts the test DNS server (unbound + dnsdist) once for the whole run and
 * hands its endpoints to the tests through `inject('doh')`. When it cannot start (the packages are
 * missing), the other tests still run; the DNS tests fail with the reason (see `dohEndpoints()`).
 */
import type { TestProject } from 'vitest/node';
import { startDohServer } from './doh-server';
import type {} from './endpoints'; // the typing of inject('doh')

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  try {
    const server = await startDohServer();
    const { stop, ...endpoints } = server;
    // Read by Node at start-up: test workers are spawned after this, so they trust the test CA.
    process.env.NODE_EXTRA_CA_CERTS = server.caFile;
    project.provide('doh', endpoints);
    return stop;
  } catch (err) {
    project.provide('doh', { error: (err as Error).message });
    return async () => undefined;
  }
}
