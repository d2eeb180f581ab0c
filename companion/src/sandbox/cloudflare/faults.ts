import { prng } from './state';

/** Fault injection, deterministic for a given seed and request sequence. Rates are probabilities per matching request. */
export interface FaultConfig {
  rate429?: number;
  retryAfterSeconds?: number;
  /** 500/502/503 before doing anything. */
  rate5xx?: number;
  /** Destroy the socket without an answer, before doing anything. */
  rateReset?: number;
  /** Never answer; the socket is held until the client gives up (or the simulator closes). */
  rateTimeout?: number;
  /** Writes only: apply the write, then answer 502 or reset the socket, so the client cannot know it landed. */
  rateCommitThenFail?: number;
  spurious403?: number;
  only?: 'reads' | 'writes';
  /** An HTML 502 page instead of JSON. */
  html502?: number;
}

export type PreFault =
  | { kind: 'reset' }
  | { kind: 'timeout' }
  | { kind: 'html502' }
  | { kind: '5xx'; status: 500 | 502 | 503 }
  | { kind: '429'; retryAfterSeconds: number }
  | { kind: '403' };

export type PostFault = { kind: 'reset' } | { kind: '502' };

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class FaultInjector {
  private config: FaultConfig = {};
  private readonly rand: () => number;

  constructor(seed: number) {
    this.rand = prng(seed);
  }

  set(config: FaultConfig): void {
    this.config = { ...config };
  }

  private applies(method: string): boolean {
    const write = WRITE_METHODS.has(method);
    if (this.config.only === 'reads') return !write;
    if (this.config.only === 'writes') return write;
    return true;
  }

  private hit(rate: number | undefined): boolean {
    return rate !== undefined && rate > 0 && this.rand() < rate;
  }

  /** A fault that replaces the request entirely, or null. */
  before(method: string): PreFault | null {
    if (!this.applies(method)) return null;
    const c = this.config;
    if (this.hit(c.rateReset)) return { kind: 'reset' };
    if (this.hit(c.rateTimeout)) return { kind: 'timeout' };
    if (this.hit(c.html502)) return { kind: 'html502' };
    if (this.hit(c.rate5xx)) {
      const statuses = [500, 502, 503] as const;
      return { kind: '5xx', status: statuses[Math.floor(this.rand() * 3)] ?? 502 };
    }
    if (this.hit(c.rate429)) return { kind: '429', retryAfterSeconds: c.retryAfterSeconds ?? 1 };
    if (this.hit(c.spurious403)) return { kind: '403' };
    return null;
  }

  /** After a write was applied: a failure that hides its outcome, or null. */
  after(method: string): PostFault | null {
    if (!WRITE_METHODS.has(method) || !this.applies(method)) return null;
    if (!this.hit(this.config.rateCommitThenFail)) return null;
    return this.rand() < 0.5 ? { kind: '502' } : { kind: 'reset' };
  }
}

export const HTML_502 = `<!DOCTYPE html>
<html lang="en-US">
<head><title>api.cloudflare.com | 502: Bad gateway</title></head>
<body>
<h1>Bad gateway</h1>
<p>Error code 502</p>
<p>The web server reported a bad gateway error.</p>
<p>Cloudflare Ray ID: 0000000000000000 &bull; Performance &amp; security by Cloudflare</p>
</body>
</html>
`;
