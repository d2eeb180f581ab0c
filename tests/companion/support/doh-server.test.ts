import { describe, expect, it } from 'vitest';
import { dohEndpoints } from '../../support/dns/endpoints';
import { soaQuery } from '../../support/dns/doh-server';

describe('test DNS server', () => {
  it('answers RFC 8484 GET over TLS with the test CA trusted through NODE_EXTRA_CA_CERTS', async () => {
    const { httpsUrl } = dohEndpoints();
    const res = await fetch(`${httpsUrl}?dns=${soaQuery('dnsferry.test').toString('base64url')}`, {
      headers: { accept: 'application/dns-message' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/dns-message');
    const body = Buffer.from(await res.arrayBuffer());
    expect(body.readUInt16BE(6)).toBe(1);
  });
});
