import { describe, expect, it } from 'vitest';
import { Redactor, redactorFor } from '@dnsferry/companion/redactor';

// A secret with the characters that encodings change: + / = space quote backslash and non-ASCII.
const SECRET = 'a+b/c=d e"f\\g~Kü9Qx';

/** Every encoded form an upstream has been seen (or could be expected) to echo. */
const FORMS: Record<string, string> = {
  raw: SECRET,
  encodeURIComponent: encodeURIComponent(SECRET),
  'form (+ for space)': encodeURIComponent(SECRET).replace(/%20/g, '+'),
  URLSearchParams: new URLSearchParams({ x: SECRET }).toString().slice(2),
  'lower-case hex': encodeURIComponent(SECRET).toLowerCase(),
  'double-encoded': encodeURIComponent(encodeURIComponent(SECRET)),
  'JSON-escaped': JSON.stringify(SECRET).slice(1, -1),
  'JSON with \\/': JSON.stringify(SECRET).slice(1, -1).replace(/\//g, '\\/'),
  'JSON \\u-escaped (.NET)': [...SECRET]
    .map((c) => (/[A-Za-z0-9]/.test(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`))
    .join(''),
  base64: Buffer.from(SECRET).toString('base64'),
  base64url: Buffer.from(SECRET).toString('base64url'),
  'base64 inside Basic id:secret': Buffer.from(`client-id:${SECRET}`).toString('base64'),
  'base64url, offset 2': Buffer.from(`xy${SECRET}tail`).toString('base64url'),
};

describe('Redactor', () => {
  for (const [name, form] of Object.entries(FORMS)) {
    it(`hides the secret written ${name}`, () => {
      const r = new Redactor([SECRET]);
      const out = r.scrub(`upstream said: invalid value <${form}> for the request`);
      expect(out).toContain('[redacted]');
      expect(out).not.toContain(form);
      // no run of 8 characters of the secret's own encoding survives (a Basic value keeps its `client-id:` part)
      const own = name.includes('Basic') ? form.slice(16) : form;
      for (let i = 0; i + 8 <= own.length; i++) expect(out).not.toContain(own.slice(i, i + 8));
    });
  }

  it('hides every registered value, in any letter case, and leaves short and unrelated text alone', () => {
    const r = new Redactor(['s3cr3t-value', undefined, 'ab', '5B2C8A1E-0D4F-4C6B-9A7E-1F3D5C7B9E21']);
    expect(
      r.scrub("client '5b2c8a1e-0d4f-4c6b-9a7e-1f3d5c7b9e21' secret S3CR3T-VALUE ab AADSTS7000215: Invalid client secret provided."),
    ).toBe("client '[redacted]' secret [redacted] ab AADSTS7000215: Invalid client secret provided.");
  });

  it('hides credential-shaped text whatever its value: Authorization, Bearer, Basic, client_secret', () => {
    const r = new Redactor();
    const cases: Array<[string, string]> = [
      ['echo: Authorization: Bearer eyJ0eXAi.abc.def', 'eyJ0eXAi'],
      ['{"headers":{"authorization":"Bearer tok-123456789"}}', 'tok-123456789'],
      ['{\\"Authorization\\":\\"Bearer tok-987654321\\"}', 'tok-987654321'],
      ['sent Bearer%20zzz-token-zzz in the query', 'zzz-token-zzz'],
      ['proxy wants Basic dXNlcjpwYXNzd29yZA== here', 'dXNlcjpwYXNzd29yZA'],
      ['body grant_type=client_credentials&client_secret=unknown%2Bsecret&scope=x', 'unknown%2Bsecret'],
      ['{"client_secret":"json-secret-1"}', 'json-secret-1'],
      ['X-Auth-Key: 0123456789abcdef', '0123456789abcdef'],
    ];
    for (const [text, hidden] of cases) {
      const out = r.scrub(text);
      expect(out, text).not.toContain(hidden);
      expect(out, text).toContain('[redacted]');
    }
    // the words alone, as Azure and Cloudflare use them in messages, are kept
    const plain = 'AuthorizationFailed: the client does not have authorization to perform action; check the client secret';
    expect(r.scrub(plain)).toBe(plain);
  });

  it('long secrets (a 16 KiB bearer token, 2,000 characters that all need encoding) are hidden, quickly', () => {
    const jwt = `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.${'eyJhIjoiYiJ9'.repeat(1365)}.sig-_`;
    const odd = '+/= "'.repeat(400);
    for (const secret of [jwt, odd]) {
      const r = new Redactor([secret]);
      const started = performance.now();
      const out = r.scrub(`a ${secret} b ${encodeURIComponent(secret)} c ${JSON.stringify(secret)} d`);
      expect(performance.now() - started).toBeLessThan(1000);
      expect(out).toBe('a [redacted] b [redacted] c "[redacted]" d');
    }
  });

  it('redactorFor takes the credential fields of a request body', () => {
    const r = redactorFor({ targetToken: 'tok-abcdefgh', zones: [], clientSecret: 42 }, ['targetToken', 'clientSecret']);
    expect(r.scrub('x tok-abcdefgh y')).toBe('x [redacted] y');
    expect(redactorFor('not an object', ['targetToken']).scrub('tok-abcdefgh')).toBe('tok-abcdefgh');
  });

  it("takes Route 53's keys from a body's source, and hides them in a SigV4 header or a form echo", () => {
    const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
    const r = redactorFor({
      source: {
        provider: 'route53',
        accessKeyId: 'AKIAEXAMPLEKEY000000',
        secretAccessKey: secret,
        sessionToken: 'IQoJb3JpZ2luX2VjEXAMPLE',
      },
    });
    expect(r.scrub(`key AKIAEXAMPLEKEY000000 secret ${encodeURIComponent(secret)} token IQoJb3JpZ2luX2VjEXAMPLE`)).toBe(
      'key [redacted] secret [redacted] token [redacted]',
    );
    // Not from a body: what any echo of them looks like.
    const generic = new Redactor().scrub(
      'Authorization: AWS4-HMAC-SHA256 Credential=AKIAOTHERKEY00000000/20260301/us-east-1/route53/aws4_request, x-amz-security-token: abc, aws_secret_access_key=xyz',
    );
    expect(generic).not.toMatch(/AKIAOTHERKEY|abc|xyz/);
  });

  it("takes a zone's own credentials, in each form a zone may send them", () => {
    const r = redactorFor({
      zones: [
        { name: 'a.example', axfr: { server: 'ns1.example.net', tsig: { name: 'k', algorithm: 'hmac-sha256', secret: 'tsig-in-axfr==' } } },
        { name: 'b.example', cloudflare: { token: 'token-in-cloudflare' } },
        {
          name: 'c.example',
          from: { kind: 'axfr', server: 'ns1.example.net', tsig: { name: 'k', algorithm: 'hmac-sha256', secret: 'tsig-in-from==' } },
        },
        { name: 'd.example', from: { kind: 'cloudflare', token: 'token-in-from' } },
        {
          name: 'e.example',
          from: {
            kind: 'azure',
            credentials: {
              authMethod: 'servicePrincipal',
              tenantId: 'tenant-in-from',
              clientId: 'client-in-from',
              clientSecret: 'secret-in-from',
            },
          },
        },
        { name: 'f.example', from: { kind: 'azure', credentials: { authMethod: 'bearerToken', sourceToken: 'bearer-in-from' } } },
        {
          name: 'g.example',
          from: {
            kind: 'route53',
            credentials: { accessKeyId: 'AKIAINFROM00000000', secretAccessKey: 'aws-secret-in-from', sessionToken: 'session-in-from' },
          },
        },
      ],
    });
    const sent = [
      'tsig-in-axfr==',
      'token-in-cloudflare',
      'tsig-in-from==',
      'token-in-from',
      'tenant-in-from',
      'client-in-from',
      'secret-in-from',
      'bearer-in-from',
      'AKIAINFROM00000000',
      'aws-secret-in-from',
      'session-in-from',
    ];
    expect(r.scrub(sent.join(' | '))).toBe(sent.map(() => '[redacted]').join(' | '));
  });
});
