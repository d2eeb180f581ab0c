import { describe, expect, it } from 'vitest';
import { ErrorBodySchema } from '@dnsferry/shared';
import { buildApp } from '@dnsferry/companion/app';
import { DEFAULTS } from '@dnsferry/companion/config';

describe('POST /api/dns/scan with a control character in the domain', () => {
  it('is refused with a 400 naming the field, before any query is sent', async () => {
    let queries = 0;
    const fetchImpl: typeof fetch = async () => {
      queries++;
      return new Response(null, { status: 500 });
    };
    // an http:// resolver would be tried over HTTP/2 first; a closed port makes any query fail fast
    const app = buildApp({ ...DEFAULTS, dohUrl: 'http://127.0.0.1:1/dns-query', logLevel: 'silent' }, { fetch: fetchImpl });
    for (const domain of ['victim.com\u0000.evil', 'victim.com\n.evil', 'victim\u007f.com']) {
      const res = await app.inject({ method: 'POST', url: '/api/dns/scan', payload: { domain } });
      expect(res.statusCode, JSON.stringify(domain)).toBe(400);
      const body = ErrorBodySchema.parse(res.json());
      expect(body.error).toMatchObject({ code: 'invalid_request', field: 'domain' });
      expect(body.error.message).toMatch(/control character \(U\+00(00|0A|7F)\)/);
    }
    await app.close();
    expect(queries).toBe(0);
  });
});
