import { proofAnswer } from './pairing';

/** Fetch doubles that answer like the companion: JSON bodies and NDJSON streams split at awkward places. */

export interface Call {
  url: string;
  body: unknown;
}

type Handler = (body: unknown, url: string) => Response | Promise<Response>;

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorBody(status: number, code: string, message: string, field?: string): Response {
  return json(status, { success: false, error: { code, message, ...(field ? { field } : {}) } });
}

/** A stream that yields `chunks` one by one, waiting `delayMs` between them (and for `gate` if given). */
export function ndjson(chunks: string[], opts: { delayMs?: number; gate?: Promise<void>; gateAfter?: number } = {}): Response {
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (opts.gate && i === (opts.gateAfter ?? 0)) await opts.gate;
      if (opts.delayMs) await new Promise((r) => setTimeout(r, opts.delayMs));
      const chunk = chunks[i++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(new TextEncoder().encode(chunk));
    },
  });
  return new Response(stream, { status: 200, headers: { 'content-type': 'application/x-ndjson' } });
}

/** Lines → one string per line, so every event arrives in its own chunk. */
export const lines = (events: unknown[]): string[] => events.map((e) => `${JSON.stringify(e)}\n`);

/**
 * Routes by path; records every call. The proof request is answered as the paired test companion
 * would (see pairing.ts), and not recorded, unless a test routes it itself.
 */
export function companionFetch(routes: Record<string, Handler>): typeof fetch & { calls: Call[] } {
  const calls: Call[] = [];
  const f = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined;
    const path = new URL(url).pathname;
    if (!routes[path] && path === '/api/pair/proof') return proofAnswer()(body, url);
    calls.push({ url, body });
    const handler = routes[path];
    if (!handler) return errorBody(404, 'not_found', `no endpoint at ${path}`);
    if (init?.signal?.aborted) throw new DOMException('aborted', 'AbortError');
    return handler(body, url);
  }) as typeof fetch & { calls: Call[] };
  f.calls = calls;
  return f;
}

export const refused: typeof fetch = async () => {
  throw new TypeError('Failed to fetch');
};
