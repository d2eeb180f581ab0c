import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A crt.sh on a loopback HTTP port: `GET /?q=<identity>&output=json` answers the certificates whose
 * common name or subject alternative names match `q` (SQL LIKE: `%` any run, `_` one character, no
 * case), as crt.sh's JSON list; without `output=json`, an HTML page, as crt.sh gives. Each certificate
 * is listed twice, as the precertificate and the certificate logged for it, unless told otherwise.
 * Knobs for what crt.sh does under load: slow answers, answers that stop halfway, error statuses,
 * pages that are not JSON, huge answers. Only tests and the demo use it.
 */

/** One entry of crt.sh's JSON answer, its fields in crt.sh's order. */
export interface CtEntry {
  issuer_ca_id: number;
  issuer_name: string;
  /** Null for a certificate without a subject common name. */
  common_name: string | null;
  /** The subject alternative names, one a line. */
  name_value: string;
  id: number;
  entry_timestamp: string;
  not_before: string;
  not_after: string;
  serial_number: string;
  result_count: number;
}

export interface CtCertificate {
  names: string[];
  /** The subject common name; the first name when not given, null for none. */
  commonName?: string | null;
  issuer?: string;
  notBefore?: string;
  notAfter?: string;
  /** Log the precertificate too (as CAs do): two entries. Default true. */
  precertificate?: boolean;
}

/** What the simulator does instead of answering at once; counted per request where it says "next". */
export interface CtFaults {
  /** Wait this long before the status line; Infinity: never answer (until the client leaves or the simulator closes). */
  delayMs: number;
  /** Send the first half of the answer, then wait this long before the rest; Infinity: never send the rest. */
  stallMs: number;
  /** The next `count` requests answer `status` with crt.sh's HTML error page (and `retryAfter` seconds, when set). */
  status: { code: number; count: number; retryAfter?: number } | null;
  /** The next `count` answers are `text` (status 200), whatever was asked. */
  garbage: { text: string; count: number } | null;
  /** Every matching entry is listed this many times (with new ids), as a domain with years of renewals. */
  repeat: number;
}

export interface CtRequest {
  /** Path and query as received. */
  url: string;
  /** `q` decoded; null when absent. */
  q: string | null;
  status: number;
}

export interface CtSimulator {
  /** `http://127.0.0.1:<port>/`: DNSFERRY_CT_URL. */
  url: string;
  requests: CtRequest[];
  addCertificate(cert: CtCertificate): CtEntry[];
  setFaults(faults: Partial<CtFaults>): void;
  /** No certificates, no faults, no requests. */
  reset(): void;
  close(): Promise<void>;
}

const NO_FAULTS: CtFaults = { delayMs: 0, stallMs: 0, status: null, garbage: null, repeat: 1 };
const ISSUER = "C=US, O=Let's Encrypt, CN=R11";
const ISSUER_ID = 295_815;

/** SQL LIKE, case-insensitive, as crt.sh matches identities. */
function likePattern(q: string): RegExp {
  const body = [...q].map((c) => (c === '%' ? '.*' : c === '_' ? '.' : c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('');
  return new RegExp(`^${body}$`, 'i');
}

function page(title: string, text: string): string {
  return `<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01//EN">\n<HTML><HEAD><TITLE>${title}</TITLE></HEAD><BODY>${text}</BODY></HTML>\n`;
}

export async function startCtSimulator(): Promise<CtSimulator> {
  let entries: CtEntry[] = [];
  let requests: CtRequest[] = [];
  let faults: CtFaults = { ...NO_FAULTS };
  let nextId = 10_000_000_000;
  const timers = new Set<NodeJS.Timeout>();

  /** Resolves after `ms`, or never when Infinity or the answer's client leaves first. */
  const wait = (ms: number, res: ServerResponse): Promise<boolean> =>
    new Promise((resolve) => {
      if (ms <= 0) return resolve(true);
      res.once('close', () => resolve(false));
      if (ms === Infinity) return;
      const t = setTimeout(() => {
        timers.delete(t);
        resolve(true);
      }, ms);
      timers.add(t);
    });

  function matching(q: string): CtEntry[] {
    const pattern = likePattern(q);
    const hits = entries.filter((e) => [e.common_name ?? '', ...e.name_value.split('\n')].some((n) => pattern.test(n)));
    const out: CtEntry[] = [];
    for (let round = 0; round < faults.repeat; round++) {
      for (const e of hits) out.push(round === 0 ? e : { ...e, id: e.id + round * 1_000_000 });
    }
    return out.map((e) => ({ ...e, result_count: out.length }));
  }

  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://ct.local');
      const q = url.searchParams.get('q');
      const record = (status: number) => requests.push({ url: req.url ?? '/', q, status });
      if (!(await wait(faults.delayMs, res))) return record(0);
      if (faults.status && faults.status.count > 0) {
        const { code, retryAfter } = faults.status;
        faults.status = { ...faults.status, count: faults.status.count - 1 };
        record(code);
        res.writeHead(code, {
          'content-type': 'text/html; charset=UTF-8',
          ...(retryAfter !== undefined ? { 'retry-after': String(retryAfter) } : {}),
        });
        return res.end(page('crt.sh | ERROR!', `<P>Sorry, something went wrong... (HTTP ${code})</P>`));
      }
      if (faults.garbage && faults.garbage.count > 0) {
        const { text } = faults.garbage;
        faults.garbage = { ...faults.garbage, count: faults.garbage.count - 1 };
        record(200);
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(text);
      }
      if (req.method !== 'GET' || q === null || url.searchParams.get('output') !== 'json') {
        record(200);
        res.writeHead(200, { 'content-type': 'text/html; charset=UTF-8' });
        return res.end(page('crt.sh | Certificate Search', '<P>Enter an Identity (Domain Name, Organization Name, etc)</P>'));
      }
      record(200);
      const body = JSON.stringify(matching(q));
      res.writeHead(200, { 'content-type': 'application/json' });
      if (faults.stallMs <= 0) return res.end(body);
      const half = Math.floor(body.length / 2);
      res.write(body.slice(0, half));
      if (await wait(faults.stallMs, res)) res.end(body.slice(half));
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/`,
    get requests() {
      return requests;
    },
    addCertificate(cert) {
      const commonName = cert.commonName === undefined ? (cert.names[0] ?? null) : cert.commonName;
      const notBefore = cert.notBefore ?? '2025-06-01T00:00:00';
      const copies = cert.precertificate === false ? 1 : 2;
      const serial = (nextId * 7919).toString(16).padStart(32, '0').slice(-32);
      const added: CtEntry[] = [];
      for (let i = 0; i < copies; i++) {
        const entry: CtEntry = {
          issuer_ca_id: ISSUER_ID,
          issuer_name: cert.issuer ?? ISSUER,
          common_name: commonName,
          name_value: cert.names.join('\n'),
          id: nextId++,
          entry_timestamp: `${notBefore.slice(0, 10)}T01:0${i}:00.000`,
          not_before: notBefore,
          not_after: cert.notAfter ?? '2025-08-30T00:00:00',
          serial_number: serial,
          result_count: 0,
        };
        entries.push(entry);
        added.push(entry);
      }
      return added;
    },
    setFaults(next) {
      faults = { ...faults, ...next };
    },
    reset() {
      entries = [];
      requests = [];
      faults = { ...NO_FAULTS };
    },
    close: async () => {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
