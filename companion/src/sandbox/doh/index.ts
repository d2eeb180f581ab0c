import { DEMO_DOMAIN, DEMO_ZONE } from './demo-zone';
import { startDohServer } from './server';

/** A local DoH resolver for the demo; null when it cannot be started here. */
export interface DemoResolver {
  url: string;
  domains: string[];
  close(): Promise<void>;
}

/** Starts unbound + dnsdist serving the demo zone; plain HTTP, so nothing needs a test CA. */
export async function startDemoResolver(): Promise<DemoResolver | null> {
  try {
    const server = await startDohServer([{ name: DEMO_DOMAIN, text: DEMO_ZONE }]);
    return { url: server.httpUrl, domains: [DEMO_DOMAIN], close: () => server.stop() };
  } catch (err) {
    process.stderr.write(`dnsferry demo: no local DNS resolver (${(err as Error).message.split('\n')[0]})\n`);
    return null;
  }
}
