import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { isExtensionOrigin } from '../pairing/origins';

export interface GuardOptions {
  /** Host names (without port) the companion answers to; anything else is a DNS-rebinding attempt. */
  allowedHosts: string[];
  /** Browser origins allowed to call; requests without Origin (scripts, curl) are always allowed. */
  allowedOrigins: string[];
  /** Browser extension origins that paired with this companion are allowed too. */
  isPaired?: (origin: string) => Promise<boolean>;
  /** Paths any browser extension may reach unpaired: the pairing itself. */
  pairingPaths?: string[];
}

function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1);
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
}

/**
 * The companion holds DNS credentials and is reachable from every page the browser shows, so:
 * - a `Host` that is not our loopback name is refused (DNS rebinding: evil.example resolving to 127.0.0.1);
 * - an `Origin` other than the extension's is refused (a web page's fetch); no Origin = a script, allowed;
 * - an extension origin that paired is allowed; an unpaired one may reach the pairing path only;
 * - CORS answers only for the allowed origins; JSON-only bodies already rule out CSRF by simple request.
 */
export function registerGuard(app: FastifyInstance, opts: GuardOptions): void {
  const hosts = new Set(opts.allowedHosts.map((h) => h.toLowerCase()));
  const origins = new Set(opts.allowedOrigins);
  const pairingPaths = new Set(opts.pairingPaths ?? []);

  async function refusal(origin: string, path: string): Promise<AppError | null> {
    if (origins.has(origin)) return null;
    if (!isExtensionOrigin(origin)) {
      return new AppError(
        'forbidden',
        `origin ${origin.slice(0, 100)} may not call this companion; only the dnsferry extension (and scripts without an Origin) can`,
      );
    }
    if (pairingPaths.has(path) || (await opts.isPaired?.(origin))) return null;
    return new AppError('forbidden', 'this browser extension is not paired with this companion: pair it with the code the companion shows');
  }

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const host = request.headers.host ?? '';
    if (!hosts.has(hostName(host))) {
      throw new AppError(
        'forbidden',
        `requests to this companion must address it as ${[...hosts].join(' or ')} (Host "${host.slice(0, 100)}" refused)`,
      );
    }
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const refused = await refusal(origin, request.url.split('?')[0] ?? '');
    if (refused) throw refused;
    void reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    if (request.method === 'OPTIONS') {
      await reply
        .status(204)
        .header('access-control-allow-methods', 'POST')
        .header('access-control-allow-headers', 'content-type')
        .header('access-control-allow-private-network', 'true')
        .header('access-control-max-age', '600')
        .send();
    }
  });
  // Preflights reach the hook above only if some route matches OPTIONS.
  app.options('/api/*', async () => {
    throw new AppError('forbidden', 'preflight without an allowed Origin');
  });
}
