/**
 * fetch says only "fetch failed"; the reason is in its cause chain (`err.cause.code`). Failures that
 * mean the upstream cannot be reached at all (no DNS answer, connection refused, an untrusted
 * certificate, a proxy that refuses the tunnel) will not heal in the next seconds, so an interactive
 * call reports them at once, saying what to check. Resets and time-outs are not in this list: a retry
 * may cure them.
 */

/** fetch rejected because the upstream cannot be reached; the message says what to check. */
export class UnreachableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnreachableError';
  }
}

const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const ROUTE_CODES = new Set(['EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN', 'EHOSTDOWN']);
const TLS_CODES = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'EPROTO',
]);

interface Link {
  code?: string;
  message: string;
  hostname?: string;
  address?: string;
  port?: number;
}

/** The errors of a cause chain, outermost first (an AggregateError contributes its first error). */
function chain(err: unknown): Link[] {
  const out: Link[] = [];
  let e: unknown = err;
  for (let depth = 0; e instanceof Error && depth < 8; depth++) {
    const x = e as Error & Partial<Link> & { errors?: unknown[] };
    out.push({
      code: typeof x.code === 'string' ? x.code : undefined,
      message: x.message,
      hostname: x.hostname,
      address: x.address,
      port: x.port,
    });
    e = x.cause ?? (Array.isArray(x.errors) ? x.errors[0] : undefined);
  }
  return out;
}

function proxyVariable(target: URL): string {
  return target.protocol === 'https:' ? 'HTTPS_PROXY' : 'HTTP_PROXY';
}

/**
 * What to tell the user when `err` (from fetch or a socket) means `target` cannot be reached, or null
 * when it is some other failure. `proxy` is the proxy the request went through, if any.
 */
export function describeUnreachable(err: unknown, target: URL, proxy?: URL): string | null {
  if (err instanceof UnreachableError) return err.message;
  const links = chain(err);
  const host = target.host;
  const variable = proxyVariable(target);
  const via = proxy ? ` through the proxy ${proxy.host}` : '';
  for (const link of links) {
    const code = link.code ?? '';
    const tunnel = /Proxy response \((\d+)\)/.exec(link.message);
    if (tunnel) {
      const status = Number(tunnel[1]);
      return status === 407
        ? `cannot reach ${host}: the proxy${proxy ? ` ${proxy.host}` : ''} asks for credentials (HTTP 407) — put them in ${variable} (http://user:password@proxy:port)`
        : `cannot reach ${host}: the proxy${proxy ? ` ${proxy.host}` : ''} refused the tunnel (HTTP ${status}) — does it allow this host? Or list the host in NO_PROXY`;
    }
    if (DNS_CODES.has(code)) {
      if (proxy) return `cannot reach ${host}: DNS lookup of the proxy ${proxy.hostname} failed (${code}) — check ${variable}`;
      return `cannot reach ${host}: DNS lookup failed (${code}) — offline, or behind a proxy? set ${variable}`;
    }
    if (code === 'ECONNREFUSED') {
      if (proxy)
        return `cannot reach ${host}: the proxy ${proxy.host} refused the connection — is ${variable} right, and the proxy running?`;
      const address = link.address ? `${link.address}${link.port ? `:${link.port}` : ''}` : '';
      const at = address && address !== host ? ` (${address})` : '';
      return `cannot reach ${host}: connection refused${at} — is the service up, or are you behind a proxy? set ${variable}`;
    }
    if (ROUTE_CODES.has(code)) return `cannot reach ${host}${via}: no route to the host (${code}) — offline?`;
    if (TLS_CODES.has(code) || code.startsWith('CERT_') || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) {
      const why = code === 'ERR_TLS_CERT_ALTNAME_INVALID' ? 'the certificate is for another host name' : 'the certificate is not trusted';
      return `cannot reach ${host}${via}: TLS failed (${code}): ${why} — behind a TLS-inspecting proxy? set NODE_EXTRA_CA_CERTS to its CA file`;
    }
  }
  return null;
}

/** Codes of a connection the other side closed or reset before it answered. */
const CLOSED_CODES = new Set(['UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED']);
const SLOW_CODES = new Set(['ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/**
 * What happened to a connection to `target` that was made but failed, as a sentence, or null when the
 * failure is something else. These are the codes of the libraries (undici's `UND_ERR_SOCKET other
 * side closed`, Node's `ECONNRESET`, HTTP/2 session errors), which mean nothing to most people: the
 * sentence names the host and what it did. A retry may cure them, so they are not "unreachable".
 */
export function describeConnectionFailure(err: unknown, target: URL): string | null {
  const host = target.host;
  for (const link of chain(err)) {
    const code = link.code ?? '';
    if (CLOSED_CODES.has(code) || code.startsWith('ERR_HTTP2_') || /other side closed|socket hang up/i.test(link.message))
      return `${host} closed the connection before it answered — is this the right address and port for it?`;
    if (SLOW_CODES.has(code)) return `${host} did not answer in time`;
    // fetch refuses the ports of other protocols (SMTP, IRC, …) before connecting.
    if (link.message === 'bad port') return `${host} is on a port fetch refuses to use (one kept for another protocol); check the address`;
  }
  return null;
}

/** The innermost message of a cause chain, with its code: for failures that are not "unreachable". */
export function innermost(err: unknown): string {
  const last = chain(err).at(-1);
  if (!last) return String(err);
  return last.code && !last.message.includes(last.code) ? `${last.code} ${last.message}` : last.message;
}
