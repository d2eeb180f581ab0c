import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { isRelativeName, plural, toAsciiHostname } from '@dnsferry/shared';
import { isDeadline, withDeadline } from '../upstream/deadline';
import { backoffMs, retryAfterMs } from '../upstream/retry';
import { describeUnreachable, innermost } from '../upstream/unreachable';
import { EntrySplitter, NotAnEntryList } from './certificate-answer';

/**
 * Names from Certificate Transparency, through a crt.sh-compatible search
 * (`GET {url}?q=%25.<domain>&output=json`). They are candidates only: a certificate outlives the
 * name it was issued for, so the scan resolves each before it becomes a record.
 */

/** What the search gave for a domain. */
export interface CertificateNames {
  /**
   * Distinct names below the domain (not the apex, which a scan always asks), absolute, lower-case
   * A-labels, no trailing dot, sorted. A name certified only as a wildcard (`*.x`) is not here.
   */
  names: string[];
  /**
   * The names wildcard certificates were issued for, as the name below the `*.` (`*.dev.example.com` →
   * `dev.example.com`; the apex when `*.example.com`), sorted: the names under them cannot be listed,
   * a `*` record may be there.
   */
  wildcards: string[];
  /** Entries the search answered (a certificate is usually two: the precertificate and the certificate). */
  entries: number;
  /**
   * A sentence when the search could not be asked, failed, was cut off or was cut short by a bound;
   * the names read before that are still given.
   */
  error?: string;
}

export interface CertificateOptions {
  /** The search's base URL (DNSFERRY_CT_URL). */
  url: string;
  /** The companion's outbound fetch (proxy-aware, failures to connect as UnreachableError). */
  fetch: typeof fetch;
  /** The caller's: when it aborts, the call rejects with its reason. */
  signal: AbortSignal;
  /** For the whole search, answer included. */
  deadlineMs?: number;
  /** Bytes of answer read at most. */
  maxBytes?: number;
  /** Distinct names (and wildcards) kept at most. */
  maxNames?: number;
  /** First backoff step before the one retry of an overloaded search (429, 502, 503, 504). */
  retryBaseMs?: number;
}

export const CT_DEFAULTS = {
  // crt.sh takes seconds for a mid-sized domain and hangs on large ones; others raised their limit to 20 s.
  deadlineMs: 20_000,
  maxBytes: 32 * 1024 * 1024,
  // a deep scan asks at most 20,000 questions; a name costs at least one
  maxNames: 5_000,
  retryBaseMs: 1_000,
} as const;

/** The two fields of an entry that hold names; crt.sh sends more, and `common_name` may be null. */
const EntrySchema = z.object({
  common_name: z.string().nullish(),
  name_value: z.string().nullish(),
});

/** Statuses crt.sh answers when it is overloaded, worth one more try if the deadline allows. */
const OVERLOADED = new Set([429, 502, 503, 504]);

/** The search URL for a domain: `%` is SQL's LIKE wildcard, sent as `%25`. */
export function searchUrl(base: string, domain: string): URL {
  const url = new URL(base);
  url.search = '';
  url.searchParams.set('q', `%.${domain}`);
  url.searchParams.set('output', 'json');
  return url;
}

/**
 * The names a crt.sh-compatible search knows below `domain` (ASCII, as the scan request gives it).
 * Never throws for the search's failures (unreachable, slow, an error status, an answer that is not
 * its list, a bound reached): `error` says what happened and what was read is kept. Rejects only
 * when `signal` aborts.
 */
export async function certificateNames(domain: string, options: CertificateOptions): Promise<CertificateNames> {
  const deadlineMs = options.deadlineMs ?? CT_DEFAULTS.deadlineMs;
  const url = searchUrl(options.url, domain);
  const service = `The certificate-log search at ${url.host}`;
  const found = new Found(domain.toLowerCase().replace(/\.$/, ''), options.maxNames ?? CT_DEFAULTS.maxNames);
  const started = Date.now();
  try {
    const error = await withDeadline(options.signal, deadlineMs, (signal) =>
      search(url, found, { ...options, signal, service, deadlineAt: started + deadlineMs }),
    );
    return found.result(error);
  } catch (err) {
    if (options.signal.aborted) throw options.signal.reason;
    if (isDeadline(err) || isDeadline((err as Error).cause)) {
      const kept =
        found.size() > 0 ? `; the ${plural(found.size(), 'name')} that arrived before ${found.size() === 1 ? 'is' : 'are'} kept` : '';
      return found.result(`${service} did not answer within ${duration(deadlineMs)}${kept}`);
    }
    const unreachable = describeUnreachable(err, url);
    return found.result(
      unreachable ? `The certificate-log search could not be asked: ${unreachable}` : `${service} failed: ${innermost(err)}`,
    );
  }
}

/** Asks (once more when overloaded and time allows) and reads the answer; the sentence of a failure, or undefined. */
async function search(
  url: URL,
  found: Found,
  o: CertificateOptions & { service: string; deadlineAt: number },
): Promise<string | undefined> {
  for (let attempt = 0; ; attempt++) {
    const res = await o.fetch(url, { signal: o.signal, headers: { accept: 'application/json' } });
    if (res.ok) return read(res, found, o);
    await res.body?.cancel().catch(() => undefined); // the error page is not read; a failure to drop it changes nothing
    const wait = retryAfterMs(res.headers) ?? backoffMs(o.retryBaseMs ?? CT_DEFAULTS.retryBaseMs, attempt);
    if (attempt > 0 || !OVERLOADED.has(res.status) || Date.now() + wait >= o.deadlineAt) {
      const busy = OVERLOADED.has(res.status) ? ' (it is often overloaded: try again later)' : '';
      return `${o.service} answered HTTP ${res.status}${busy}`;
    }
    await sleep(wait, undefined, { signal: o.signal });
  }
}

/** Reads the answer entry by entry within the bounds; the sentence of what stopped it, or undefined. */
async function read(res: Response, found: Found, o: CertificateOptions & { service: string }): Promise<string | undefined> {
  const maxBytes = o.maxBytes ?? CT_DEFAULTS.maxBytes;
  if (!res.body) return `${o.service} sent an empty answer`;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const splitter = new EntrySplitter();
  let bytes = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) {
        splitter.push(decoder.decode());
        splitter.end();
        return undefined;
      }
      bytes += value.byteLength;
      if (bytes > maxBytes) {
        return `${o.service} answered more than ${size(maxBytes)}; the names of the first part (${found.size()}) are kept`;
      }
      for (const text of splitter.push(decoder.decode(value, { stream: true }))) {
        if (!found.addEntry(text)) return `${o.service} knows more than ${found.max} names; the first ${found.max} are kept`;
      }
    }
  } catch (err) {
    if (err instanceof NotAnEntryList) return `${o.service} did not answer with its list of certificates: ${err.message}`;
    throw err;
  } finally {
    // stops the transfer of the rest of an answer that is not read; a failure to stop it changes nothing
    reader.cancel().catch(() => undefined);
  }
}

/** The distinct names seen so far, within the bound. */
class Found {
  private readonly names = new Set<string>();
  private readonly wildcards = new Set<string>();
  private entries = 0;

  constructor(
    private readonly domain: string,
    readonly max: number,
  ) {}

  size(): number {
    return this.names.size + this.wildcards.size;
  }

  /** False once the bound is reached (the entry's names up to it are kept). */
  addEntry(text: string): boolean {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (err) {
      throw new NotAnEntryList(`an entry is not JSON (${(err as Error).message})`);
    }
    const parsed = EntrySchema.safeParse(json);
    if (!parsed.success)
      throw new NotAnEntryList(`an entry is not a certificate (${parsed.error.issues[0]?.message ?? 'unexpected shape'})`);
    this.entries++;
    const raw = [...(parsed.data.name_value ?? '').split('\n'), parsed.data.common_name ?? ''];
    for (const name of raw) {
      const n = nameBelow(name, this.domain);
      if (n === null) continue;
      const set = n.wildcard ? this.wildcards : this.names;
      if (set.has(n.name) || (!n.wildcard && n.name === this.domain)) continue;
      if (this.size() >= this.max) return false;
      set.add(n.name);
    }
    return true;
  }

  result(error: string | undefined): CertificateNames {
    return {
      names: [...this.names].sort(),
      wildcards: [...this.wildcards].sort(),
      entries: this.entries,
      ...(error !== undefined ? { error } : {}),
    };
  }
}

/**
 * One name of a certificate, if it is the domain or below it: lower-case A-labels, no trailing dot,
 * a leading `*.` taken off and told. Anything else a certificate can hold (an e-mail address, an IP
 * address, a name elsewhere, a `*` not leftmost) is not.
 */
export function nameBelow(raw: string, domain: string): { name: string; wildcard: boolean } | null {
  let name = raw.trim();
  const wildcard = name.startsWith('*.');
  if (wildcard) name = name.slice(2);
  const ascii = toAsciiHostname(name);
  if (ascii === null || ascii.includes('*')) return null;
  if (ascii === domain) return { name: ascii, wildcard };
  if (!ascii.endsWith(`.${domain}`) || !isRelativeName(ascii.slice(0, -(domain.length + 1)))) return null;
  return { name: ascii, wildcard };
}

function duration(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.ceil(bytes / 1024)} KB`;
}
