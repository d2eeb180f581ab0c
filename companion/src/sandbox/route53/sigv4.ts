import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** What a SigV4 check needs of a request: the path and query exactly as received, and its headers. */
export interface SignedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface Authorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** `AWS4-HMAC-SHA256 Credential=<key>/<yyyymmdd>/<region>/<service>/aws4_request, SignedHeaders=a;b, Signature=<hex>`. */
export function parseAuthorization(header: string | undefined): Authorization | null {
  const m =
    /^AWS4-HMAC-SHA256\s+Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request,\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(
      header?.trim() ?? '',
    );
  if (!m) return null;
  return {
    accessKeyId: m[1] ?? '',
    date: m[2] ?? '',
    region: m[3] ?? '',
    service: m[4] ?? '',
    signedHeaders: (m[5] ?? '').split(';'),
    signature: m[6] ?? '',
  };
}

/** RFC 3986: everything but unreserved characters percent-encoded. */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The path as received, `//` and `.` segments collapsed, each segment encoded once more (SigV4 for every service but S3). */
function canonicalPath(path: string): string {
  const out: string[] = [];
  for (const seg of path.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') out.pop();
    else out.push(encode(seg));
  }
  return `/${out.join('/')}${path.endsWith('/') && out.length > 0 ? '/' : ''}`;
}

function canonicalQuery(query: string): string {
  if (query === '') return '';
  return query
    .split('&')
    .filter((p) => p !== '')
    .map((p) => {
      const i = p.indexOf('=');
      const [k, v] = i === -1 ? [p, ''] : [p.slice(0, i), p.slice(i + 1)];
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v))] as const;
    })
    .sort(([ak, av], [bk, bv]) => (ak < bk ? -1 : ak > bk ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();

/** Whether `auth.signature` is what `secret` signs this request to. */
export function signatureMatches(req: SignedRequest, auth: Authorization, secret: string): boolean {
  const [path = '/', query = ''] = req.url.split('?', 2) as [string?, string?];
  const header = (name: string) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v.join(',') : (v ?? '')).trim().replace(/\s+/g, ' ');
  };
  const canonical = [
    req.method,
    canonicalPath(path),
    canonicalQuery(query),
    auth.signedHeaders.map((h) => `${h}:${header(h)}\n`).join(''),
    auth.signedHeaders.join(';'),
    header('x-amz-content-sha256') || sha256(req.body),
  ].join('\n');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', header('x-amz-date'), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, auth.date), auth.region), auth.service), 'aws4_request');
  const expected = createHmac('sha256', key).update(toSign, 'utf8').digest();
  return timingSafeEqual(expected, Buffer.from(auth.signature, 'hex'));
}

/** `20260301T120000Z` → epoch ms; NaN when malformed. */
export function amzDateMs(text: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(text);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : NaN;
}
